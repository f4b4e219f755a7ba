export { LocationHistoryModal, type LocationHistoryModalProps } from './LocationHistoryModal.tsx';
