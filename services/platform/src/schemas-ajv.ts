// The one JSON-schema validator of the platform (Ajv with its formats), for request parts and for event
// contracts alike, so a service loads and compiles with one library.
import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

/** An Ajv with the formats (email, uuid, date-time, …) and every error reported, not just the first. */
export const createValidator = (options: Options = {}): Ajv =>
  addFormats(new Ajv({ allErrors: true, strict: false, removeAdditional: false, ...options }));
