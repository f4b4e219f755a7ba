// The email activity reassignment and dismissal modals (000 §2 item 9, §3 email-based activity): an email
// filed on the wrong shipment moves to another shipment of the broker, or is dismissed and leaves the log.
import { messages } from '@loadline/contracts';
import {
  Button,
  Group,
  Modal,
  ServerErrorAlert,
  type ServerErrorFeedback,
  Stack,
  serverErrorFeedback,
  Text,
  TextInput,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useState } from 'react';
import type { ActivityCalls } from '../../api/client.ts';
import type { ShipmentActivity } from '../../api/types.ts';
import { texts } from '../../texts.ts';

export interface EmailActivityModalProps {
  calls: ActivityCalls;
  /** The email entry, or null when the modal is closed. */
  entry: ShipmentActivity | null;
  onClose: () => void;
  /** The entry left this shipment's log (moved or dismissed). */
  onDone: (entry: ShipmentActivity) => void;
}

function EmailSummary({ entry }: { entry: ShipmentActivity }) {
  return (
    <Text size="sm" c="dimmed" lineClamp={3}>
      {`${entry.email?.name ?? entry.userName}: ${entry.description}`}
    </Text>
  );
}

export function EmailReassignModal({ calls, entry, onClose, onDone }: EmailActivityModalProps) {
  const [target, setTarget] = useState('');
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);
  const shipmentId = Number(target.trim());
  const valid = Number.isSafeInteger(shipmentId) && shipmentId > 0 && shipmentId !== entry?.shipmentId;

  // 000 §2, §8: a shipment typed and not reassigned asks before Esc, the X or Cancel discard it.
  const { confirmLeave } = useUnsavedChangesGuard(entry !== null && target.trim() !== '' && !saving);
  const reset = () => {
    setTarget('');
    setFeedback(null);
    onClose();
  };
  const close = confirmLeave(reset);

  async function reassign() {
    const detailId = entry?.email?.emailAutomationDetailId;
    if (!entry || !detailId || !valid) return;
    setSaving(true);
    const answer = await calls.reassignEmail(detailId, shipmentId);
    setSaving(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, texts.emailChangeFailed));
      return;
    }
    toast.success(texts.emailReassigned(shipmentId));
    onDone(answer.data);
    reset();
  }

  return (
    <Modal opened={entry !== null} onClose={close} title="Reassign email activity">
      {entry && (
        <Stack gap="sm">
          <EmailSummary entry={entry} />
          <TextInput
            label="Move to shipment"
            inputMode="numeric"
            value={target}
            onChange={(e) => setTarget(e.currentTarget.value)}
            disabled={saving}
          />
          <ServerErrorAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              {messages.dialogs.generic.cancel}
            </Button>
            <Button onClick={() => void reassign()} disabled={!valid} loading={saving}>
              Reassign
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function EmailDismissModal({ calls, entry, onClose, onDone }: EmailActivityModalProps) {
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<ServerErrorFeedback | null>(null);

  const close = () => {
    setFeedback(null);
    onClose();
  };

  async function dismiss() {
    const detailId = entry?.email?.emailAutomationDetailId;
    if (!entry || !detailId) return;
    setSaving(true);
    const answer = await calls.dismissEmail(detailId);
    setSaving(false);
    if (!answer.ok) {
      setFeedback(serverErrorFeedback(answer.status, answer.error, texts.emailChangeFailed));
      return;
    }
    toast.success(texts.emailDismissed);
    onDone(answer.data);
    close();
  }

  return (
    <Modal opened={entry !== null} onClose={close} title="Dismiss email activity">
      {entry && (
        <Stack gap="sm">
          <EmailSummary entry={entry} />
          <Text size="sm">{texts.dismissQuestion}</Text>
          <ServerErrorAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              {messages.dialogs.generic.cancel}
            </Button>
            <Button color="red" onClick={() => void dismiss()} loading={saving}>
              Dismiss
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
