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
} from '@loadline/ui';
import { useCallback, useEffect, useState } from 'react';
import { listAttachments } from './api/attachments.ts';
import { useAttachmentsApi } from './api/client.ts';
import type { Attachment } from './api/types.ts';
import { AttachmentList } from './components/AttachmentList/index.ts';
import { AttachmentsModal } from './components/AttachmentsModal/index.ts';
import { UploadWidget } from './components/UploadWidget/index.ts';
import DocumentSender from './DocumentSender.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; attachments: Attachment[] };

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
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [managing, setManaging] = useState(false);
  const [adding, setAdding] = useState(false);
  const staff = office === 'backOffice';

  const reload = useCallback(async () => {
    const answer = await listAttachments(client, shipmentId);
    if (answer.ok) setLoad({ state: 'loaded', attachments: answer.data });
    else {
      setLoad({ state: 'failed' });
      toast.error(messages.attachments.uploadedDocumentsLoadFailed);
    }
  }, [client, shipmentId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const attachments = load.state === 'loaded' ? load.attachments : [];
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
          <UploadWidget shipmentId={shipmentId} canChooseAccess={false} onUploaded={() => void reload()} />
        )}
      </Stack>
      {staff && (
        <AttachmentsModal
          opened={managing}
          shipmentId={shipmentId}
          attachments={attachments}
          onClose={() => setManaging(false)}
          onChanged={() => void reload()}
        />
      )}
    </Paper>
  );
}
