import { subjects } from '@loadline/contracts/events';
import { describe, expect, it } from 'vitest';
import { createEnvelope } from '../src/events/envelope.ts';
import { newId, uuidv7 } from '../src/ids.ts';
import { userChanged } from './fixtures.ts';

const uuidV7Shape = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('event ids (UUID version 7)', () => {
  it('has the version 7 and RFC variant bits, and carries its millisecond in the first 48 bits', () => {
    const at = Date.UTC(2026, 10, 23, 23, 40, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(uuidV7Shape);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts by time: an id of a later millisecond sorts after one of an earlier', () => {
    const earlier = Array.from({ length: 50 }, () => uuidv7(1_700_000_000_000));
    const later = Array.from({ length: 50 }, () => uuidv7(1_700_000_000_001));
    for (const a of earlier) for (const b of later) expect(a < b).toBe(true);
  });

  it('differs within one millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => uuidv7(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });

  it('is what a new event envelope is given', () => {
    const before = Date.now();
    const envelope = createEnvelope('directory', subjects.userChanged, userChanged({ userId: 'usr_x' }));
    expect(envelope.id).toMatch(uuidV7Shape);
    expect(Number.parseInt(envelope.id.slice(0, 8) + envelope.id.slice(9, 13), 16)).toBeGreaterThanOrEqual(
      before,
    );
  });
});

describe('entity ids', () => {
  it('carry their type prefix and sort by creation time', () => {
    const a = newId('org', 1_700_000_000_000);
    const b = newId('org', 1_700_000_000_001);
    expect(a).toMatch(/^org_[0-9a-z]{22}$/);
    expect(a < b).toBe(true);
  });

  it('differ within one millisecond, across many draws of the random pool', () => {
    const ids = Array.from({ length: 5000 }, () => newId('shp', 1_700_000_000_000));
    expect(new Set(ids).size).toBe(5000);
    for (const id of ids) expect(id).toMatch(/^shp_[0-9a-z]{22}$/);
    // the random part uses the whole alphabet
    expect(new Set(ids.flatMap((id) => [...id.slice(14)])).size).toBe(32);
  });
});
