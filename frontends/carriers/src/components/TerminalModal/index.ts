export { TerminalModal, type TerminalModalProps } from './TerminalModal.tsx';
