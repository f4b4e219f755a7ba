// What a rule says when input or state does not allow a change: field problems, and results that carry
// either a value or the problems. Pure (its own entry, `@loadline/platform/problems`), so domain/ code
// returns these and the HTTP door turns them into the one error shape (errors keyed `model.<field>`,
// 000 §5 "Model validation errors are taken from 400 responses").
import { badRequest, type FieldErrors, HttpError } from './errors.ts';
import { listProblems } from './input.ts';

/** One thing wrong with one field, in words a person understands. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A refusal a rule may give instead of a field problem: who may not do this, what is not there, what clashes. */
export interface Refusal {
  status: 403 | 404 | 409;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(...problems: FieldProblem[]): Result<T> => ({ ok: false, problems });
export const problem = (field: string, message: string): FieldProblem => ({ field, message });

/** A field error keyed the way the screens read it. */
export const fieldError = (field: string, message: string): HttpError =>
  badRequest(`${field}: ${message}`, { [`model.${field}`]: [message] });

/** Several field problems in one 400, each keyed `model.<field>` (000 §5); the message lists the first few. */
export function problemsError(problems: readonly FieldProblem[]): HttpError {
  const errors: FieldErrors = {};
  for (const p of problems) errors[`model.${p.field}`] = [...(errors[`model.${p.field}`] ?? []), p.message];
  return badRequest(listProblems(problems.map((p) => p.message)), errors);
}

/** Throws the 400 for the problems, if there are any (the HTTP doors' and use cases' one way to refuse). */
export function rejectProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw problemsError(problems);
}

/** The value of a result, or the 400 of its problems. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw problemsError(result.problems);
  return result.value;
}

/** The HTTP error of a refusal (403, 404 or 409). */
export const refusalError = (refusal: Refusal): HttpError => new HttpError(refusal.status, refusal.message);
