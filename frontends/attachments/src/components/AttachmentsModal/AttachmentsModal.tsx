import { messages } from '@loadline/contracts';
import {
  confirm,
  Modal,
  modalSizes,
  Stack,
  serverMessages,
  Title,
  toast,
  UnsavedChangesScope,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { useState } from 'react';
import { changeAccessLevel, deleteAttachment } from '../../api/attachments.ts';
import { useAttachmentsApi } from '../../api/client.ts';
import type { Attachment } from '../../api/types.ts';
import { AttachmentList } from '../AttachmentList/index.ts';
import { UploadWidget } from '../UploadWidget/index.ts';

export interface AttachmentsModalProps {
  opened: boolean;
  shipmentId: number;
  attachments: Attachment[];
  onClose: () => void;
  /** After any change: the caller loads the list again. */
  onChanged: () => void;
}

/** The attachments modal (000 §2 item 10): list, upload, delete, change access level. Staff only. */
export function AttachmentsModal({
  opened,
  shipmentId,
  attachments,
  onClose,
  onChanged,
}: AttachmentsModalProps) {
  const client = useAttachmentsApi();
  const [busyId, setBusyId] = useState<string | null>(null);
  // 000 §2, §8: Esc and the X ask first while the upload form inside holds a file not yet uploaded.
  const guard = useUnsavedChangesScope();

  const setLevel = async (attachment: Attachment, level: number) => {
    setBusyId(attachment.attachmentId);
    const answer = await changeAccessLevel(client, shipmentId, attachment.attachmentId, level);
    setBusyId(null);
    if (!answer.ok) toast.error(messages.attachments.accessLevelChangeFailed);
    onChanged();
  };

  const remove = async (attachment: Attachment) => {
    const sure = await confirm({
      title: 'Delete attachment',
      text: `Delete ${attachment.fileName}?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    setBusyId(attachment.attachmentId);
    const answer = await deleteAttachment(client, shipmentId, attachment.attachmentId);
    setBusyId(null);
    if (answer.ok) toast.success(messages.attachments.deleted);
    // 000 §8: the first server message is shown if present.
    else toast.error(messages.attachments.deleteFailedWith(serverMessages(answer.error)));
    onChanged();
  };

  return (
    <Modal
      opened={opened}
      onClose={guard.confirmLeave(onClose)}
      size={modalSizes.large}
      title={`Attachments · Shipment ${shipmentId}`}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <Stack>
          <AttachmentList
            attachments={attachments}
            busyId={busyId}
            onAccessLevel={(a, level) => void setLevel(a, level)}
            onDelete={(a) => void remove(a)}
          />
          <Title order={6}>Upload</Title>
          <UploadWidget shipmentId={shipmentId} canChooseAccess onUploaded={onChanged} />
        </Stack>
      </UnsavedChangesScope>
    </Modal>
  );
}
