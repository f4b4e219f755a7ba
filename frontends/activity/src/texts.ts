// Texts of this remote that the spec does not quote (000 §8 quotes the toasts, which come from the
// catalogue's `messages.activities`). Ours, kept in one place: docs/decisions/0023.

export const texts = {
  emailReassigned: (shipmentId: number) => `Email activity moved to shipment ${shipmentId}.`,
  emailDismissed: 'Email activity dismissed.',
  emailChangeFailed: 'Unable to change this email activity. Please try again.',
  dismissQuestion: 'Dismiss this email? It leaves the activity log and cannot be reassigned afterwards.',
  frontOfficeNote: 'Updates shared with you on this shipment.',
} as const;
