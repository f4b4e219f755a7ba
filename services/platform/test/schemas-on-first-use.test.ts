// A route's schemas compile at its first request, not at the service's start (decision 0114); validation and
// serialization behave as before, and compileSchemasNow (the contracts' build) still finds a schema that
// cannot compile.
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { compileSchemasNow } from '../src/schemas-on-first-use.ts';

async function appWithRoutes() {
  const app = await createApp({ name: 'first-use', logger: false });
  app.post(
    '/things/:thingId',
    {
      schema: {
        params: Type.Object({ thingId: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ page: Type.Integer({ minimum: 1, default: 1 }) }),
        body: Type.Object({ name: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ thingId: Type.Integer(), page: Type.Integer(), name: Type.String() }),
        },
      },
    },
    async (request) => ({
      ...request.params,
      ...request.query,
      ...request.body,
      secret: 'not in the schema',
    }),
  );
  // a reference to a schema no one added: Ajv cannot compile it
  app.post(
    '/broken',
    { schema: { body: Type.Object({ part: Type.Unsafe({ $ref: 'no-such-schema#' }) }) } },
    async () => ({ ok: true }),
  );
  return app;
}

describe('route schemas compiled at their first use', () => {
  it('start without compiling a schema that cannot compile', async () => {
    const app = await appWithRoutes();
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });

  it('validate on the first request and every one after: coerced path and query, defaults, 400 naming the field', async () => {
    const app = await appWithRoutes();
    const good = await app.inject({ method: 'POST', url: '/things/7', payload: { name: 'crate' } });
    expect(good.statusCode).toBe(200);
    // the response's schema keeps only its fields; the query's default filled `page`
    expect(good.json()).toEqual({ thingId: 7, page: 1, name: 'crate' });
    for (let i = 0; i < 2; i++) {
      const bad = await app.inject({ method: 'POST', url: '/things/7?page=0', payload: { name: 'crate' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('page must be at least 1.');
      const badBody = await app.inject({ method: 'POST', url: '/things/7', payload: { name: '', x: 1 } });
      expect(badBody.statusCode).toBe(400);
      expect(badBody.json().message).toContain('name must not be empty.');
    }
    const badPath = await app.inject({ method: 'POST', url: '/things/0', payload: { name: 'crate' } });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json().message).toBe('thingId must be at least 1.');
    await app.close();
  });

  it('compileSchemasNow compiles every waiting schema and names the route of one that cannot compile', async () => {
    const app = await appWithRoutes();
    await app.ready();
    expect(() => compileSchemasNow(app)).toThrow(/^The schema of POST \/broken body does not compile: /);
    await app.close();

    const sound = await createApp({ name: 'first-use', logger: false });
    sound.get('/ok', { schema: { response: { 200: Type.Object({ ok: Type.Boolean() }) } } }, async () => ({
      ok: true,
    }));
    await sound.ready();
    expect(() => compileSchemasNow(sound)).not.toThrow();
    expect((await sound.inject({ method: 'GET', url: '/ok' })).json()).toEqual({ ok: true });
    await sound.close();
  });
});
