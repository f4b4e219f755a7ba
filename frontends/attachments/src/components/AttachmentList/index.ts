export { AttachmentList, type AttachmentListProps } from './AttachmentList.tsx';
