import '../../test/setup.ts';
import { describe, expect, it } from 'vitest';
import { fieldMessages, refusalMessage } from './errors.ts';

describe('fieldMessages (issue 14 item 13: the server’s message beside its field)', () => {
  it('gives each field its messages, keyed without model.', () => {
    expect(
      fieldMessages({
        statusCode: 400,
        message: 'x',
        errors: {
          'model.cc': ['bad is not a valid email address.'],
          'model.recipients': ['a', 'b'],
          'warning.carrierDocuments': ['not a field'],
        },
      }),
    ).toEqual({ cc: ['bad is not a valid email address.'], recipients: ['a', 'b'] });
  });
  it('gives nothing for an answer without field errors', () => {
    expect(fieldMessages({ statusCode: 500, message: 'x' })).toEqual({});
    expect(fieldMessages('<html>')).toEqual({});
  });
});

describe('refusalMessage', () => {
  it("gives a 403's message, nothing for any other answer or a body not of the server's shape", () => {
    const body = { statusCode: 403, error: 'Forbidden', message: 'You need the Accounting Sync permission.' };
    expect(refusalMessage(403, body)).toBe('You need the Accounting Sync permission.');
    expect(refusalMessage(500, { ...body, statusCode: 500 })).toBeUndefined();
    expect(refusalMessage(403, '<html>')).toBeUndefined();
  });
});
