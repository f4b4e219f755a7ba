import { messages } from '@loadline/contracts';
import {
  Button,
  confirm,
  errorToastText,
  Group,
  LoadView,
  Modal,
  modalSizes,
  Stack,
  TextInput,
  toast,
  useLoad,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useState } from 'react';
import { useShipmentsApi } from '../../api/client.ts';
import { deleteBillTo, getBillTo, putBillTo } from '../../api/shipments.ts';
import type { BillToAnswer, BillToUpdate } from '../../api/types.ts';

export interface BillToModalProps {
  opened: boolean;
  shipmentId: number;
  /** The leg the bill-to belongs to, when it is a leg's. */
  transitLegId?: string | null;
  onClose: () => void;
  /** After a save or a delete: the page reloads the shipment. */
  onChanged: () => void;
}

const fields = [
  { key: 'companyName', label: 'Company name' },
  { key: 'streetAddress', label: 'Street address' },
  { key: 'streetAddressTwo', label: 'Street address 2' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zipCode', label: 'Zip code' },
  { key: 'country', label: 'Country' },
] as const;

type AddressKey = (typeof fields)[number]['key'];
type Address = Record<AddressKey, string>;

const emptyAddress: Address = {
  companyName: '',
  streetAddress: '',
  streetAddressTwo: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
};

const addressOf = (billTo: BillToAnswer): Address =>
  Object.fromEntries(fields.map(({ key }) => [key, billTo[key] ?? ''])) as Address;

/**
 * The edit shipment bill-to modal (000 §2 item 12): GET and PUT /api/shipmentdomestic/shipmentbillto, and
 * DELETE /api/shipmentdomestic/shipmentBillTo/{id} after 'Are you sure you want to delete the bill to
 * address?'. Toasts: 'Shipment Bill To Deleted'; the load, update and delete failures of 000 §8.
 */
export function BillToModal({ opened, shipmentId, transitLegId, onClose, onChanged }: BillToModalProps) {
  const client = useShipmentsApi();
  const [address, setAddress] = useState<Address>(emptyAddress);
  const [loaded, setLoaded] = useState<Address>(emptyAddress);
  // Read again each time the modal opens.
  const load = useLoad(
    opened ? ['billTo', shipmentId, transitLegId ?? null] : null,
    () => getBillTo(client, shipmentId, transitLegId),
    {
      onLoaded: (answer) => {
        setAddress(addressOf(answer));
        setLoaded(addressOf(answer));
      },
      onFailed: () => toast.error(messages.billTo.loadFailed),
    },
  );
  const [busy, setBusy] = useState(false);
  // 000 §2, §8: an edited address asks before Esc, the X or Cancel discard it.
  const dirty = opened && load.state === 'loaded' && JSON.stringify(address) !== JSON.stringify(loaded);
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !busy);
  const close = confirmLeave(onClose);

  const save = async () => {
    setBusy(true);
    const billTo: BillToUpdate = {
      shipmentId,
      transitLegId: transitLegId ?? null,
      ...(Object.fromEntries(
        fields.map(({ key }) => [key, address[key].trim() === '' ? null : address[key].trim()]),
      ) as Record<AddressKey, string | null>),
    };
    const answer = await putBillTo(client, billTo);
    setBusy(false);
    if (!answer.ok) {
      toast.error(errorToastText(answer.error, messages.billTo.updateFailed));
      return;
    }
    toast.success(messages.shipment.informationUpdated);
    setLoaded(address);
    onChanged();
    onClose();
  };

  const remove = async () => {
    const yes = await confirm({ text: messages.dialogs.deleteBillTo.text, danger: true });
    if (!yes) return;
    setBusy(true);
    const answer = await deleteBillTo(client, shipmentId);
    setBusy(false);
    if (!answer.ok) {
      toast.error(messages.billTo.deleteFailed);
      return;
    }
    toast.success(messages.billTo.deleted);
    onChanged();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} size={modalSizes.medium} title={`Bill to - ${shipmentId}`}>
      <LoadView load={load} loading="Loading the bill to" failed={messages.billTo.loadFailed}>
        {(billTo) => (
          <Stack gap="xs">
            {fields.map(({ key, label }) => (
              <TextInput
                key={key}
                size="xs"
                label={label}
                value={address[key]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setAddress((a) => ({ ...a, [key]: value }));
                }}
                disabled={busy}
              />
            ))}
            <Group justify="space-between" mt="sm">
              {billTo.exists ? (
                <Button color="red" variant="light" onClick={() => void remove()} disabled={busy}>
                  Delete
                </Button>
              ) : (
                <span />
              )}
              <Group>
                <Button variant="default" onClick={close} disabled={busy}>
                  {messages.dialogs.generic.cancel}
                </Button>
                <Button onClick={() => void save()} loading={busy}>
                  Save
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </LoadView>
    </Modal>
  );
}
