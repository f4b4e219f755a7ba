// Content templates' input limits (001 §3, §7; 002 §3.10; ours: the spec names none): what the template editor
// may send and the attachments service keeps (a filled subject is cut to the same length). Pure.

export const TEMPLATE_SUBJECT_MAX_LENGTH = 500;
export const TEMPLATE_BODY_MAX_LENGTH = 20_000;
export const TEMPLATE_NAME_MAX_LENGTH = 100;
