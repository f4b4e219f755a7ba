// The domain's checks name each field's problem; the platform's problemsError turns them into the one 400.
import { type FieldProblem, problem } from '@loadline/platform';

export const problemsOf = (errors: Readonly<Record<string, string>>): FieldProblem[] =>
  Object.entries(errors).map(([field, message]) => problem(field, message));
