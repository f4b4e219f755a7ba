import { messages, PHONE_PREFERRED_COUNTRIES } from '@loadline/contracts';
import { phoneProblem } from '@loadline/contracts/rules/phone';
import {
  Button,
  fieldMessages,
  Group,
  Modal,
  modalSizes,
  PhoneInput,
  Stack,
  Text,
  toast,
  useLoad,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { DriverLocationModel } from '../../api/types.ts';

export interface RequestDriverLocationProps {
  shipmentId: number;
  office: 'backOffice' | 'frontOffice';
}

/**
 * Request driver location (000 §3, §6, §7): hidden without a driver cell phone (and while no driver is on
 * the load); the front office sends at once, the back office through a dialog where the number can be
 * corrected. Toasts: 'Successfully sent message to request drivers location.' or 'Failed to send message to
 * request drivers location.'.
 */
export function RequestDriverLocation({ shipmentId, office }: RequestDriverLocationProps) {
  const calls = useTrackingCalls();
  const load = useLoad(['driverLocationModel', shipmentId], () => calls.driverLocationModel(shipmentId));
  const model: DriverLocationModel | null = load.state === 'loaded' ? load.data : null;
  const [dialog, setDialog] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // 000 §2, §8: a phone number changed and not sent asks before Esc, the X or Cancel discard it.
  const { confirmLeave } = useUnsavedChangesGuard(
    dialog && !sending && phone.trim() !== (model?.driverCellPhoneNumber ?? '').trim(),
  );
  const close = confirmLeave(() => setDialog(false));

  if (!model?.driverCellPhoneNumber || !model.isValidStatus) return null;

  const send = async (number: string) => {
    // 001 §5: a phone number, checked by the rule the service applies too.
    const problem =
      number.trim() === '' ? 'Enter the driver’s cell phone.' : phoneProblem(number, 'phone number');
    if (problem && office === 'backOffice') return setPhoneError(problem);
    setSending(true);
    const answer = await calls.requestDriverLocation(shipmentId, number);
    setSending(false);
    if (answer.ok) {
      toast.success(messages.driverLocation.requestSent);
      setDialog(false);
    } else {
      toast.error(messages.driverLocation.requestFailed);
      setPhoneError(fieldMessages(answer.error).driverCellPhoneNumber?.join(' ') ?? null);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        loading={sending && !dialog}
        onClick={() => {
          if (office === 'frontOffice') void send(model.driverCellPhoneNumber!);
          else {
            setPhone(model.driverCellPhoneNumber!);
            setPhoneError(null);
            setDialog(true);
          }
        }}
      >
        Request driver location
      </Button>
      <Modal opened={dialog} onClose={close} size={modalSizes.medium} title="Request driver location">
        <Stack gap="sm">
          <Text size="sm">
            The driver gets a text message with a link to share the truck’s location once.
          </Text>
          {/* A text message reaches North American cell phones here: US and CA only. */}
          <PhoneInput
            label="Driver cell phone"
            value={phone}
            countries={PHONE_PREFERRED_COUNTRIES}
            onChange={(value) => {
              setPhone(value);
              setPhoneError(null);
            }}
            error={phoneError}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={sending}>
              {messages.dialogs.generic.cancel}
            </Button>
            <Button onClick={() => void send(phone)} loading={sending}>
              Send
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
