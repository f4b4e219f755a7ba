// Builds and checks event envelopes against the contracts in contracts/events.
import { type EventData, type EventEnvelope, eventSchemas, type Subject } from '@loadline/contracts/events';
import type { ValidateFunction } from 'ajv';
import { uuidv7 } from '../ids.ts';
import { createValidator } from '../schemas-ajv.ts';

// Checks only: no defaults filled in, no types coerced, so an event is published exactly as written.
const ajv = createValidator({ coerceTypes: false, useDefaults: false });
const validators = new Map<string, ValidateFunction>();

function validatorFor(subject: string): ValidateFunction {
  let v = validators.get(subject);
  if (!v) {
    const schema = (eventSchemas as Record<string, unknown>)[subject];
    if (!schema) throw new Error(`No event contract for subject "${subject}" in contracts/events`);
    v = ajv.compile(schema as object);
    validators.set(subject, v);
  }
  return v;
}

/** Throws with the contract's complaints when `data` does not match the subject's schema. */
export function assertEventData(subject: string, data: unknown): void {
  const v = validatorFor(subject);
  if (!v(data)) {
    const problems = (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new Error(`Event ${subject} does not match its contract: ${problems}`);
  }
}

export function createEnvelope<S extends Subject>(
  source: string,
  subject: S,
  data: EventData<S>,
  id: string = uuidv7(),
): EventEnvelope<EventData<S>> {
  assertEventData(subject, data);
  return { id, subject, source, occurredAt: new Date().toISOString(), data };
}

/** Subject on the wire: the namespace (unique per test file, empty in production) goes first. */
export const wireSubject = (namespace: string, subject: string): string =>
  namespace ? `${namespace}.${subject}` : subject;

export const streamName = (namespace: string): string =>
  namespace ? `${namespace.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}_TMS` : 'TMS';
