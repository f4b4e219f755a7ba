// The server's one error shape (every service): { statusCode, error, message, errors?, requestId? }.
// Bodies arrive as `unknown` (a proxy may answer HTML, a network failure has none), so every helper here
// reads them through `asErrorBody` rather than trusting a type.

import { MODEL_ERROR_KEY_MARKER, messages } from '@loadline/contracts';
import type { ErrorBody } from './types.ts';

/** The error body when `body` has the server's error shape, else undefined. */
export function asErrorBody(body: unknown): ErrorBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.statusCode !== 'number' || typeof b.message !== 'string') return undefined;
  return body as ErrorBody;
}

function stringsOf(value: unknown): string[] {
  const list: unknown[] = Array.isArray(value) ? value : [value];
  return list.filter((m): m is string => typeof m === 'string' && m !== '');
}

/**
 * Model validation errors of a 400 body: the messages of every `errors` entry whose key contains
 * 'model.' (spec 000 §5), in the body's order.
 */
export function modelErrors(body: unknown): string[] {
  const errors: unknown = asErrorBody(body)?.errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([key, value]) =>
    key.includes(MODEL_ERROR_KEY_MARKER) ? stringsOf(value) : [],
  );
}

/**
 * 'Error: ' followed by the model validation errors, or the fallback when there are none (spec 000 §8).
 * The errors are joined with a space, as the catalogue's status-update text does.
 */
export function errorToastText(body: unknown, fallback: string): string {
  const found = modelErrors(body);
  return found.length > 0 ? messages.common.errorPrefix + found.join(' ') : fallback;
}

/** The server's messages in an error body: the model errors, else every field error, else `message`. */
export function serverMessages(body: unknown): string[] {
  const error = asErrorBody(body);
  if (!error) return [];
  const model = modelErrors(body);
  if (model.length > 0) return model;
  const all = Object.values(error.errors ?? {}).flatMap(stringsOf);
  if (all.length > 0) return all;
  return stringsOf(error.message);
}

/**
 * The server's messages by field (`model.cc` → `cc`), so a form shows each beside its field: the spec's
 * toast says that it failed, the field says why (issue 14 item 13).
 */
export function fieldMessages(body: unknown): Record<string, string[]> {
  const errors: unknown = asErrorBody(body)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) {
    const at = key.indexOf(MODEL_ERROR_KEY_MARKER);
    if (at < 0) continue;
    const field = key.slice(at + MODEL_ERROR_KEY_MARKER.length);
    out[field] = [...(out[field] ?? []), ...stringsOf(value)];
  }
  return out;
}

/**
 * The service's words when it refused the caller's role (403): who may do it, which a "please try again" would
 * hide. Undefined for any other answer.
 */
export function refusalMessage(status: number, body: unknown): string | undefined {
  return status === 403 ? asErrorBody(body)?.message : undefined;
}
