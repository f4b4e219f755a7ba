// The carrier picker (decision 0117): broker staff search their carriers by name or SCAC and put one on the
// shipment's active leg, change it or take it off. The service decides which carriers may be chosen (each
// comes with why not) and refuses the rest; the picker shows what it said.
import { messages, referenceTypeNameOf, ShipmentStatus, tenderedToItsCarrier } from '@loadline/contracts';
import { formatPhone } from '@loadline/contracts/rules/phone';
import { CARRIER_CHOICES_DEFAULT, CARRIER_CHOICES_SEARCH_MAX } from '@loadline/contracts/rules/shipments';
import {
  Alert,
  Badge,
  Button,
  CheckboxField,
  confirm,
  Group,
  Modal,
  modalSizes,
  Stack,
  serverMessages,
  Text,
  TextInput,
  toast,
  useDebouncedValue,
  useLoad,
} from '@loadline/ui';
import { useRef, useState } from 'react';
import { useShipmentsApi } from '../../api/client.ts';
import { getCarrierChoices, putShipmentCarrier } from '../../api/shipments.ts';
import type { CarrierChoice } from '../../api/types.ts';

/** The wait after the last keystroke before searching (ours, as the staff typeahead's). */
const SEARCH_WAIT_MS = 300;

export const carrierPickerTexts = {
  title: (shipmentId: number) => `Carrier - ${shipmentId}`,
  search: 'Carrier name or SCAC',
  none: 'None of your carriers matches.',
  loadFailed: 'Unable to load your carriers. Please try again.',
  saveFailed: 'Unable to change the carrier. Please try again.',
  remove: 'Remove carrier',
  confirmRemove: (name: string) => `Take ${name} off this shipment?`,
  current: 'Current',
  choose: 'Choose',
  /** decision 0117 addendum: the previous carrier's pro numbers and driver details go with it unless kept */
  referencesGo: "The previous carrier's references go with it:",
  keepReferences: 'Keep them for the new carrier',
  /** decision 0117 addendum: a change on a tendered shipment tenders nobody (tenderedToItsCarrier) */
  notTendered: (shipmentId: number, statusName: string) =>
    `Shipment ${shipmentId} is ${statusName}: a carrier chosen here is not tendered, and the status stays as it is.`,
  assign: 'Assign carrier',
  change: 'Change carrier',
} as const;

/** Whether the leg shows a carrier: an id, or a name alone as the importer may write it. */
export const legHasCarrier = (leg: { carrierMasterId?: string | null; carrierMasterName: string | null }) =>
  Boolean(leg.carrierMasterId || leg.carrierMasterName?.trim());

export interface CarrierPickerModalProps {
  opened: boolean;
  shipmentId: number;
  /** the active leg and its carrier, if any */
  transitLegId: string;
  current: { carrierMasterId: string | null; carrierMasterName: string | null };
  /** the shipment's status: a tendered one gets a warning */
  status: number;
  /** the leg's references that are its carrier's own (the catalogue's CarrierReferenceCodes) */
  carrierReferences: readonly { referenceTypeCode: string; value: string }[];
  onClose: () => void;
  /** after a change: the page reloads the shipment */
  onChanged: () => void;
}

export function CarrierPickerModal({
  opened,
  shipmentId,
  transitLegId,
  current,
  status,
  carrierReferences,
  onClose,
  onChanged,
}: CarrierPickerModalProps) {
  const client = useShipmentsApi();
  const [query, setQuery] = useState('');
  const [search] = useDebouncedValue(query.trim(), SEARCH_WAIT_MS);
  const choices = useLoad(
    opened ? ['carrierChoices', search] : null,
    () => getCarrierChoices(client, { search, limit: CARRIER_CHOICES_DEFAULT }),
    { onFailed: () => toast.error(carrierPickerTexts.loadFailed) },
  );
  const [busy, setBusy] = useState(false);
  const [keepReferences, setKeepReferences] = useState(false);
  const listed: CarrierChoice[] = choices.last?.carriers ?? [];
  // what a change would clear: only a carrier's own, and only when the leg has a carrier
  const goingReferences = legHasCarrier(current) ? carrierReferences : [];

  const assign = async (carrierMasterId: string | null) => {
    setBusy(true);
    const answer = await putShipmentCarrier(client, shipmentId, {
      transitLegId,
      carrierMasterId,
      // always said: the service clears what the leg holds then, which the box was about
      keepCarrierReferences: keepReferences,
    });
    setBusy(false);
    if (!answer.ok) {
      const said = serverMessages(answer.error);
      toast.error(said.length > 0 ? said.join(' ') : carrierPickerTexts.saveFailed);
      return;
    }
    toast.success(messages.shipment.informationUpdated);
    onChanged();
    onClose();
  };

  // Esc while the confirmation is open closes only the confirmation. Every open modal hears the same Esc on
  // the window; the confirmation's answer lands between two listeners of it in a browser (a microtask), so the
  // picker ignores closing until that event is over, not only while `confirming` is rendered.
  const [confirming, setConfirming] = useState(false);
  const confirmingRef = useRef(false);
  const remove = async () => {
    confirmingRef.current = true;
    setConfirming(true);
    const yes = await confirm({
      text: carrierPickerTexts.confirmRemove(current.carrierMasterName ?? messages.shipment.noCarrier),
      danger: true,
    });
    setTimeout(() => {
      confirmingRef.current = false;
    }, 0);
    setConfirming(false);
    if (yes) await assign(null);
  };
  const close = () => {
    if (!confirmingRef.current) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={!confirming}
      size={modalSizes.medium}
      title={carrierPickerTexts.title(shipmentId)}
    >
      <Stack gap="xs">
        <TextInput
          size="xs"
          label={carrierPickerTexts.search}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          disabled={busy}
          maxLength={CARRIER_CHOICES_SEARCH_MAX}
          data-autofocus
        />
        {tenderedToItsCarrier(status) && (
          <Alert color="yellow" p="xs">
            <Text size="xs">
              {carrierPickerTexts.notTendered(shipmentId, ShipmentStatus.nameOf(status) ?? String(status))}
            </Text>
          </Alert>
        )}
        {goingReferences.length > 0 && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {carrierPickerTexts.referencesGo}{' '}
              {goingReferences
                .map((r) => `${referenceTypeNameOf(r.referenceTypeCode)} ${r.value}`)
                .join(', ')}
            </Text>
            <CheckboxField
              size="xs"
              label={carrierPickerTexts.keepReferences}
              checked={keepReferences}
              onChange={setKeepReferences}
              disabled={busy}
            />
          </Stack>
        )}
        {choices.state === 'loaded' && listed.length === 0 && (
          <Text size="sm" c="dimmed">
            {carrierPickerTexts.none}
          </Text>
        )}
        <ul aria-label="Your carriers" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {listed.map((c) => {
            const isCurrent = c.carrierMasterId === current.carrierMasterId;
            return (
              <li key={c.carrierMasterId} aria-label={c.name} style={{ padding: '4px 0' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {c.name}
                      {c.scac ? ` · ${c.scac}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatPhone(c.phone) || messages.shipment.noCarrierPhone}
                    </Text>
                    {c.refusal && (
                      <Text size="xs" c="red">
                        {c.refusal}
                      </Text>
                    )}
                  </Stack>
                  {isCurrent ? (
                    <Badge variant="light">{carrierPickerTexts.current}</Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={busy || c.refusal !== null}
                      onClick={() => void assign(c.carrierMasterId)}
                    >
                      {carrierPickerTexts.choose}
                    </Button>
                  )}
                </Group>
              </li>
            );
          })}
        </ul>
        <Group justify="space-between" mt="sm">
          {legHasCarrier(current) ? (
            <Button color="red" variant="light" onClick={() => void remove()} disabled={busy}>
              {carrierPickerTexts.remove}
            </Button>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={onClose} disabled={busy}>
            {messages.dialogs.generic.cancel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
