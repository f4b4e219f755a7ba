export { AUDIT_SAVED_TEXT, type AuditCategory, AuditModal, type AuditModalProps } from './AuditModal.tsx';
