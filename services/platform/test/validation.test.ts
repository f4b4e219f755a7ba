// Bad input gets a 400 whose message names the field, in the one error shape.

import { StaffPermission } from '@loadline/contracts/catalogue';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createApp, requirePermission, requireStaff, requireUser } from '../src/app.ts';
import { generateIdentityKeys, type Identity, identityHeader, signIdentity } from '../src/identity.ts';
import { forbiddenKeyMessage } from '../src/input.ts';
import { CalendarDate } from '../src/schemas.ts';
import { testIdentity } from '../src/testing/index.ts';

async function appWithRoute() {
  const app = await createApp({ name: 'validation', logger: false });
  app.post(
    '/things',
    {
      schema: {
        body: Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 5 }),
            count: Type.Integer({ minimum: 1 }),
            email: Type.Optional(Type.String({ format: 'email' })),
            owner: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          },
          { additionalProperties: false },
        ),
      },
    },
    async () => ({ ok: true }),
  );
  return app;
}

describe('validation messages', () => {
  const cases: [string, unknown, string, string][] = [
    ['a missing field', { count: 1 }, 'name is required.', 'model.name'],
    ['a wrong type', { name: 'a', count: 'x' }, 'count must be an integer.', 'model.count'],
    [
      'an unknown field',
      { name: 'a', count: 1, colour: 'red' },
      'colour is not a known field.',
      'model.colour',
    ],
    ['a too long value', { name: 'abcdefg', count: 1 }, 'name must be at most 5 characters.', 'model.name'],
    ['an empty value', { name: '', count: 1 }, 'name must not be empty.', 'model.name'],
    ['a value below the minimum', { name: 'a', count: 0 }, 'count must be at least 1.', 'model.count'],
    ['a bad email', { name: 'a', count: 1, email: 'nope' }, 'email must be a valid email.', 'model.email'],
    [
      'a value no branch of a union allows',
      { name: 'a', count: 1, owner: 5 },
      'owner has a value that is not allowed.',
      'model.owner',
    ],
  ];
  for (const [what, payload, message, key] of cases) {
    it(`answers 400 for ${what}`, async () => {
      const app = await appWithRoute();
      const res = await app.inject({ method: 'POST', url: '/things', payload: payload as object });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message,
        errors: { [key]: [message] },
      });
      await app.close();
    });
  }

  it('answers 400 for a body that is not JSON', async () => {
    const app = await appWithRoute();
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
    await app.close();
  });

  it("answers 400 for a key that would reach an object's prototype, saying so (not 'not valid JSON')", async () => {
    const app = await appWithRoute();
    for (const payload of [
      '{"name":"a","__proto__":{"admin":true}}',
      '{"name":"a","tags":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/things',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(forbiddenKeyMessage);
    }
    await app.close();
  });

  it('answers 413 for a body over the limit, naming the limit', async () => {
    const app = await createApp({ name: 'limits', logger: false, bodyLimit: 1024 });
    app.post('/big', async () => ({ ok: true }));
    const res = await app.inject({ method: 'POST', url: '/big', payload: { text: 'x'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large: the limit is 1 KB.');
    await app.close();
  });

  it('takes a day the calendar has and refuses one it has not, naming the field', async () => {
    const app = await createApp({ name: 'days', logger: false });
    app.post('/days', { schema: { body: Type.Object({ day: CalendarDate }) } }, async () => ({ ok: true }));
    const send = (day: string) => app.inject({ method: 'POST', url: '/days', payload: { day } });
    expect((await send('2028-02-29')).statusCode).toBe(200);
    for (const day of ['2027-02-29', '2026-02-30', '2027-13-01', '2633-26-20', '27-01-01', '2027-1-01']) {
      const res = await send(day);
      expect(res.statusCode, day).toBe(400);
      expect(res.json().errors, day).toEqual({ 'model.day': ['day must be a valid date.'] });
    }
    await app.close();
  });

  it('hides the details of an unexpected failure behind a 500 with the request id', async () => {
    const app = await createApp({ name: 'boom', logger: false });
    app.get('/boom', async () => {
      throw new Error('secret stack detail');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong on our side. Please try again.');
    expect(res.json().requestId).toBe(res.headers['x-request-id']);
    await app.close();
  });
});

describe('who is calling comes before what is sent (issue 14)', () => {
  async function guarded() {
    const keys = generateIdentityKeys();
    const app = await createApp({ name: 'guarded', logger: false, identityPublicKey: keys.publicKey });
    const body = Type.Object({ count: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
    app.post('/any-user', { preHandler: requireUser, schema: { body } }, async () => ({ ok: true }));
    app.post('/staff', { preHandler: requireStaff, schema: { body } }, async () => ({ ok: true }));
    app.post(
      '/site-admin',
      { preHandler: requirePermission(StaffPermission.values.TMSSiteAdmin, 'do this'), schema: { body } },
      async () => ({ ok: true }),
    );
    const as = (identity: Partial<Identity>) => ({
      [identityHeader]: signIdentity(testIdentity(identity), keys.privateKey),
    });
    return { app, as };
  }

  it('answers 401 to an anonymous call with bad input, and 403 to a caller without the role', async () => {
    const { app, as } = await guarded();
    const bad = { count: 'not a number', extra: true };
    for (const url of ['/any-user', '/staff', '/site-admin']) {
      expect((await app.inject({ method: 'POST', url, payload: bad })).statusCode).toBe(401);
    }
    const customer = as({ kind: 'customer', organizationId: 'org_c' });
    expect(
      (await app.inject({ method: 'POST', url: '/staff', payload: bad, headers: customer })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/site-admin', payload: bad, headers: as({}) })).statusCode,
    ).toBe(403);
    // The right caller with bad input gets the 400 naming the field.
    const res = await app.inject({ method: 'POST', url: '/staff', payload: { count: 0 }, headers: as({}) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'model.count': ['count must be at least 1.'] });
    await app.close();
  });
});
