import { BrokerStaffEditRoute } from '@loadline/contracts';
import { Anchor, Button, Group, Modal, modalSizes, type ShipmentOffice, Stack, Text } from '@loadline/ui';

export interface EmailRequiredModalProps {
  opened: boolean;
  office: ShipmentOffice;
  userId: string;
  onClose: () => void;
}

/**
 * 000 §2 item 12, §6: the document sender needs the user to have an email address; without one this modal
 * is shown instead (its wording is ours: the spec does not quote it). Staff get the link to edit their
 * email (001 §2: /back-office/lsp/broker-staff/edit/{staffId}).
 */
export function EmailRequiredModal({ opened, office, userId, onClose }: EmailRequiredModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} size={modalSizes.small} title="Email required">
      <Stack gap="sm">
        <Text size="sm">
          Your user has no email address. Documents are sent from your address, so add one before sending.
        </Text>
        {office === 'backOffice' ? (
          <Anchor href={BrokerStaffEditRoute(encodeURIComponent(userId))} size="sm">
            Edit my email address
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            Ask your broker to add your email address.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
