import { messages } from '@loadline/contracts';
import {
  Button,
  Group,
  Loader,
  Paper,
  type ShipmentAttachmentsProps,
  Stack,
  Text,
  toast,
  useLoad,
} from '@loadline/ui';
import { useState } from 'react';
import { listAttachments } from './api/attachments.ts';
import { useAttachmentsApi } from './api/client.ts';
import type { Attachment } from './api/types.ts';
import { AttachmentList } from './components/AttachmentList/index.ts';
import { AttachmentsModal } from './components/AttachmentsModal/index.ts';
import { UploadWidget } from './components/UploadWidget/index.ts';
import DocumentSender from './DocumentSender.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'missing' }
  | { state: 'loaded'; attachments: Attachment[] };

/**
 * A shipment's attachments (exposed as `attachments/ShipmentAttachments`), as the edit-status modal and
 * the shipment pages show them. Staff open the attachments modal (000 §2 item 10); customers see the
 * Public ones (the service gives them no others) and may add their own.
 */
export default function ShipmentAttachments({
  shipmentId,
  office,
  showDocumentSender = false,
}: ShipmentAttachmentsProps) {
  const client = useAttachmentsApi();
  const [managing, setManaging] = useState(false);
  const [adding, setAdding] = useState(false);
  const staff = office === 'backOffice';

  const read = useLoad(['attachments', shipmentId], () => listAttachments(client, shipmentId), {
    // A shipment the caller cannot see (404): the shipment page says so already.
    onFailed: ({ status }) => {
      if (status !== 404) toast.error(messages.attachments.uploadedDocumentsLoadFailed);
    },
  });
  const reload = read.reload;
  const load: Load =
    read.state === 'loaded'
      ? { state: 'loaded', attachments: read.data }
      : read.state === 'failed'
        ? { state: read.status === 404 ? 'missing' : 'failed' }
        : { state: 'loading' };

  const attachments = load.state === 'loaded' ? load.attachments : [];
  if (load.state === 'missing') return null;
  return (
    <Paper withBorder p="sm" role="region" aria-label="Shipment attachments">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text
            fw={600}
            size="sm"
          >{`Attachments${load.state === 'loaded' ? ` (${attachments.length})` : ''}`}</Text>
          <Group gap="xs">
            {showDocumentSender && <DocumentSender shipmentId={shipmentId} office={office} />}
            {staff ? (
              <Button size="compact-xs" variant="light" onClick={() => setManaging(true)}>
                Manage attachments
              </Button>
            ) : (
              <Button size="compact-xs" variant="light" onClick={() => setAdding((a) => !a)}>
                Add a document
              </Button>
            )}
          </Group>
        </Group>
        {load.state === 'loading' && <Loader size="sm" aria-label="Loading attachments" />}
        {load.state === 'failed' && (
          <Text size="sm" c="red">
            {messages.attachments.uploadedDocumentsLoadFailed}
          </Text>
        )}
        {load.state === 'loaded' && <AttachmentList attachments={attachments} />}
        {!staff && adding && (
          <UploadWidget shipmentId={shipmentId} canChooseAccess={false} onUploaded={reload} />
        )}
      </Stack>
      {staff && (
        <AttachmentsModal
          opened={managing}
          shipmentId={shipmentId}
          attachments={attachments}
          onClose={() => setManaging(false)}
          onChanged={reload}
        />
      )}
    </Paper>
  );
}
