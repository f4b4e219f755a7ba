// Builds and checks event envelopes against the contracts in contracts/events.
import { randomUUID } from 'node:crypto';
import { type EventData, type EventEnvelope, eventSchemas, type Subject } from '@loadline/contracts/events';
import { Compile } from 'typebox/compile';

type Validator = ReturnType<typeof Compile>;
const validators = new Map<string, Validator>();

function validatorFor(subject: string): Validator {
  let v = validators.get(subject);
  if (!v) {
    const schema = (eventSchemas as Record<string, unknown>)[subject];
    if (!schema) throw new Error(`No event contract for subject "${subject}" in contracts/events`);
    v = Compile(schema as never);
    validators.set(subject, v);
  }
  return v;
}

/** Throws with the contract's complaints when `data` does not match the subject's schema. */
export function assertEventData(subject: string, data: unknown): void {
  const v = validatorFor(subject);
  if (!v.Check(data)) {
    const problems = [...v.Errors(data)].map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new Error(`Event ${subject} does not match its contract: ${problems}`);
  }
}

export function createEnvelope<S extends Subject>(
  source: string,
  subject: S,
  data: EventData<S>,
  id: string = randomUUID(),
): EventEnvelope<EventData<S>> {
  assertEventData(subject, data);
  return { id, subject, source, occurredAt: new Date().toISOString(), data };
}

/** Subject on the wire: the namespace (unique per test file, empty in production) goes first. */
export const wireSubject = (namespace: string, subject: string): string =>
  namespace ? `${namespace}.${subject}` : subject;

export const streamName = (namespace: string): string =>
  namespace ? `${namespace.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}_TMS` : 'TMS';
