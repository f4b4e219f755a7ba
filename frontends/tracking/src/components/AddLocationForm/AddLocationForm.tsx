import { messages, ShipmentLocationType } from '@loadline/contracts';
import { Button, CatalogueOptions, errorToastText, Group, Stack, Text, TextInput, toast } from '@loadline/ui';
import { useId, useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { Location, LocationTypeValue } from '../../api/types.ts';
import { wallClockNow } from '../../rules/time.ts';
import type { AddressFields } from '../../rules/zip.ts';
import { ZipCodeInput } from '../ZipCodeInput/index.ts';

export interface AddLocationFormProps {
  shipmentId: number;
  /** the shipment's origin offset, for the default time */
  defaultOffsetMinutes: number | null;
  onAdded: (location: Location) => void;
  onCancel: () => void;
}

/**
 * Adds a location (000 §2 item 3 "a button to add a location"): its type, the date-time at the place (sent
 * without a zone, 000 §5), and an address (ZIP code, city, state, country) or coordinates.
 */
export function AddLocationForm({
  shipmentId,
  defaultOffsetMinutes,
  onAdded,
  onCancel,
}: AddLocationFormProps) {
  const calls = useTrackingCalls();
  const typeId = useId();
  const [locationType, setLocationType] = useState<LocationTypeValue>(ShipmentLocationType.values.InTransit);
  const [at, setAt] = useState(() => wallClockNow(defaultOffsetMinutes));
  const [street, setStreet] = useState('');
  const [address, setAddress] = useState<AddressFields>({ zipCode: '', city: '', state: '', country: 'USA' });
  const [coordinates, setCoordinates] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const coords = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(coordinates);
    setSaving(true);
    const answer = await calls.addLocation({
      shipmentId,
      locationType,
      locationDateTime: at,
      ...(coords
        ? { latitude: Number(coords[1]), longitude: Number(coords[2]) }
        : {
            streetAddress: street || null,
            zipCode: address.zipCode || null,
            city: address.city || null,
            state: address.state || null,
            country: address.country || null,
          }),
    });
    setSaving(false);
    if (!answer.ok) {
      toast.error(errorToastText(answer.error, messages.common.genericError));
      return;
    }
    toast.success(messages.shipment.informationUpdated);
    onAdded(answer.data);
  };

  return (
    <Stack gap="xs" role="form" aria-label="Add location">
      <Group grow gap="xs" align="flex-end">
        <Stack gap={2}>
          <Text size="xs" fw={500} component="label" htmlFor={typeId}>
            Location type
          </Text>
          <select
            id={typeId}
            value={locationType}
            onChange={(e) => setLocationType(Number(e.currentTarget.value) as LocationTypeValue)}
            disabled={saving}
          >
            <CatalogueOptions of={ShipmentLocationType} />
          </select>
        </Stack>
        <TextInput
          size="xs"
          type="datetime-local"
          label="Date and time at the place"
          value={at}
          onChange={(e) => setAt(e.currentTarget.value)}
          disabled={saving}
        />
      </Group>
      <TextInput
        size="xs"
        label="Street address"
        value={street}
        onChange={(e) => setStreet(e.currentTarget.value)}
        disabled={saving}
      />
      <ZipCodeInput value={address} onChange={setAddress} disabled={saving} />
      <TextInput
        size="xs"
        label="Or coordinates (latitude, longitude)"
        placeholder="41.5250, -88.0817"
        value={coordinates}
        onChange={(e) => setCoordinates(e.currentTarget.value)}
        disabled={saving}
      />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onCancel} disabled={saving}>
          {messages.dialogs.generic.cancel}
        </Button>
        <Button size="xs" onClick={() => void save()} loading={saving}>
          Save location
        </Button>
      </Group>
    </Stack>
  );
}
