import { DATE_FORMAT, PICKUP_DATE_PASSED_WINDOW_HOURS, TIME_FORMAT } from '@loadline/contracts';
import { Button, formatWith, Group, Modal, Text } from '@loadline/ui';
import type { DateTimeParts } from '../../rules/dateTime.ts';

export interface PickupDatePassedModalProps {
  opened: boolean;
  /** The proposed pickup ready time, 2 hours ahead at the origin. */
  proposal: DateTimeParts | null;
  /** Use the proposal: the update is sent with it. */
  onAccept: (proposal: DateTimeParts) => void;
  /** Dismissed: the update is sent unchanged. */
  onDismiss: () => void;
}

/**
 * The pickup-date-passed modal (000 §2 item 4, §4): an LTL shipment moved to Ready with its pickup less than
 * 2 hours ahead. It proposes a pickup 2 hours ahead; dismissing sends the update unchanged. (The spec quotes
 * no text for it: the sentences are ours.)
 */
export function PickupDatePassedModal({ opened, proposal, onAccept, onDismiss }: PickupDatePassedModalProps) {
  const when = proposal
    ? formatWith(`${DATE_FORMAT} ${TIME_FORMAT}`, `${proposal.date}T${proposal.time}`)
    : '';
  return (
    <Modal opened={opened} onClose={onDismiss} title="Pickup date passed" centered zIndex={300}>
      <Text size="sm" mb="md">
        {`The pickup ready time is less than ${PICKUP_DATE_PASSED_WINDOW_HOURS} hours away. Move the pickup to ${when} (origin time)?`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDismiss}>
          Keep the pickup time
        </Button>
        <Button onClick={() => proposal && onAccept(proposal)} disabled={!proposal}>
          {`Pickup at ${when}`}
        </Button>
      </Group>
    </Modal>
  );
}
