// The activity log's input limits (000 §3, §4; ours where the spec names none): what a note form may send and
// what the activity service (and the attachments service, which logs email as activity) keeps. Pure.

/** Ours: a description (a note, an email's body) keeps at most this many characters: a note, not a document. */
export const ACTIVITY_DESCRIPTION_MAX_LENGTH = 4000;

/** Ours: one "remaining" load of a shipment's log (000 §4) answers at most this many entries. */
export const ACTIVITY_LOG_REMAINING_MAX = 5000;
