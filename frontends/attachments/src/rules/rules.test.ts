import '../../test/setup.ts';
import { messages } from '@loadline/contracts';
import { describe, expect, it } from 'vitest';
import { contactsList } from '../../test/fixtures.ts';
import { bulkOutcomeText, chunksOf, parseShipmentIds, sendInChunks, splitIdList } from './bulkSend.ts';
import { addContact, addTyped, alreadyChosen } from './recipients.ts';
import { defaultsForFile, sizeText } from './uploads.ts';

const [customer, carrierWithoutEmail] = contactsList as [(typeof contactsList)[0], (typeof contactsList)[0]];

describe('recipients (001 §5)', () => {
  it('splits typed addresses on comma, semicolon or space and refuses repeats', () => {
    const first = addTyped([], 'a@x.test; b@x.test,c@x.test', 'email');
    expect(first.ok && first.recipients.map((r) => r.address)).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
    expect(addTyped(first.ok ? first.recipients : [], 'B@x.test', 'email')).toEqual({
      ok: false,
      message: alreadyChosen('B@x.test'),
    });
    expect(addTyped([], 'not-mail', 'email').ok).toBe(false);
  });
  it('takes fax numbers of at least 10 characters, in the usual format too', () => {
    expect(addTyped([], '5550102001', 'fax').ok).toBe(true);
    expect(addTyped([], '555010200', 'fax').ok).toBe(false);
    const usual = addTyped([], '(555) 010-2001', 'fax');
    expect(usual.ok && usual.recipients.map((r) => r.address)).toEqual(['(555) 010-2001']);
  });
  it("refuses a contact without an address with the spec's text, and one already chosen", () => {
    expect(addContact([], carrierWithoutEmail, 'email')).toEqual({
      ok: false,
      message: messages.email.contactWithoutEmail,
    });
    expect(addContact([], customer, 'fax')).toEqual({
      ok: false,
      message: messages.email.contactWithoutEmail,
    });
    const once = addContact([], customer, 'email');
    expect(once.ok && once.recipients).toEqual([
      { address: 'shipper@acme.test', kind: 'customer', name: 'Sam Shipper' },
    ]);
    expect(addContact(once.ok ? once.recipients : [], customer, 'email').ok).toBe(false);
  });
});

describe('bulk sends (001 §7, §8, §9)', () => {
  it('sends chunks of 50 and stops at the first failing chunk', async () => {
    const ids = Array.from({ length: 170 }, (_, i) => i);
    expect(chunksOf(ids).map((c) => c.length)).toEqual([50, 50, 50, 20]);
    const calls: number[][] = [];
    const outcome = await sendInChunks(ids, async (chunk) => {
      calls.push(chunk);
      return calls.length < 2;
    });
    expect(calls).toHaveLength(2);
    expect(outcome.sent).toHaveLength(1);
    expect(outcome.failed?.[0]).toBe(50);
  });
  it('says how many went and which chunk failed', () => {
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(bulkOutcomeText({ sent: chunksOf(ids), failed: null }, ids, 'invoice')).toBe(
      '120 of 120 invoices sent in 3 chunks.',
    );
    const [first, second, third] = chunksOf(ids) as [number[], number[], number[]];
    expect(bulkOutcomeText({ sent: [first, second], failed: third }, ids, 'invoice')).toBe(
      `100 of 120 invoices sent. Chunk 3 of 3 failed and the send stopped there: ${third.join(', ')}.`,
    );
    expect(bulkOutcomeText({ sent: [], failed: first }, ids, 'invoice')).toMatch(
      /^0 of 120 invoices sent\. Chunk 1 of 3 failed .*; the 70 after it were not sent either\.$/,
    );
  });
  it('reads typed or pasted ids split on commas, semicolons, spaces and new lines, once each', () => {
    expect(splitIdList(' INV-1,INV-2;INV-3\n\tINV-4  INV-1 ')).toEqual(['INV-1', 'INV-2', 'INV-3', 'INV-4']);
    expect(parseShipmentIds('10008,10009\n10018 10008')).toEqual({
      ok: true,
      shipmentIds: [10008, 10009, 10018],
    });
    expect(parseShipmentIds('')).toEqual({ ok: true, shipmentIds: [] });
    expect(parseShipmentIds('10008 0 -3 99999999999')).toEqual({
      ok: false,
      message: '0, -3, 99999999999 are not shipment ids: a shipment id is a number.',
    });
    expect(parseShipmentIds('abc')).toEqual({
      ok: false,
      message: 'abc is not a shipment id: a shipment id is a number.',
    });
  });
});

describe('upload defaults (001 §4, §5)', () => {
  it('guesses the type from the name and its default access', () => {
    expect(defaultsForFile('Signed POD.pdf')).toEqual({ type: 'POD', accessLevel: 0 });
    expect(defaultsForFile('scan.pdf')).toEqual({ type: 'Document', accessLevel: 0 });
    expect(sizeText(48_213)).toBe('47 KB');
    expect(sizeText(12 * 1024 * 1024)).toBe('12.0 MB');
  });
});
