import { CreditHoldAlternativeStatuses, messages } from '@loadline/contracts';
import { Button, Group, Modal, Text } from '@loadline/ui';
import { choiceName } from '../../rules/statusUpdate.ts';

export interface CreditHoldModalProps {
  opened: boolean;
  /** The status the credit-hold check refused. */
  refused: number | null;
  /** Committed or Quote instead. */
  onChoose: (status: number) => void;
  /** Closed without a choice: nothing is sent. */
  onClose: () => void;
}

/**
 * The credit-hold status warning modal (000 §2 item 6, §4): the credit-hold check refused the leg status
 * change; it offers Committed or Quote instead. (The spec quotes no text for it: the sentence is ours.)
 */
export function CreditHoldModal({ opened, refused, onChoose, onClose }: CreditHoldModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.dialogs.generic.title} centered zIndex={300}>
      <Text size="sm" mb="md">
        {`The customer is on credit hold: the shipment cannot be set to ${refused === null ? '' : choiceName(refused)}. Choose ${CreditHoldAlternativeStatuses.map(choiceName).join(' or ')} instead.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {messages.dialogs.generic.cancel}
        </Button>
        {CreditHoldAlternativeStatuses.map((status) => (
          <Button key={status} onClick={() => onChoose(status)}>
            {choiceName(status)}
          </Button>
        ))}
      </Group>
    </Modal>
  );
}
