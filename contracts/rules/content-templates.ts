// Content templates' input limits (001 §3, §7; 002 §3.10; ours: the spec names none): what the template editor
// may send and the attachments service keeps (a filled subject is cut to the same length). Pure.

export const TEMPLATE_SUBJECT_MAX_LENGTH = 500;
export const TEMPLATE_BODY_MAX_LENGTH = 20_000;
export const TEMPLATE_NAME_MAX_LENGTH = 100;

/**
 * Ours: a `{{name}}` placeholder as the service fills it (spaces inside the braces allowed), and the names a
 * text holds: the one pattern the filling and the editor's note on unfilled names read.
 */
export const placeholderPattern = (): RegExp => /\{\{\s*([A-Za-z][A-Za-z0-9]{0,40})\s*\}\}/g;
export const placeholderNamesIn = (text: string): string[] =>
  [...text.matchAll(placeholderPattern())].map((m) => m[1]!);
