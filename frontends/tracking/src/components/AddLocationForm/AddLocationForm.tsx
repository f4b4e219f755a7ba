import { messages, ShipmentLocationType } from '@loadline/contracts';
import {
  Button,
  CatalogueOptions,
  errorToastText,
  Group,
  Stack,
  Text,
  TextInput,
  toast,
  useUnsavedChangesGuard,
} from '@loadline/ui';
import { useId, useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { Location, LocationTypeValue } from '../../api/types.ts';
import { wallClockNowIn, zoneLabel } from '../../rules/time.ts';
import type { AddressFields } from '../../rules/zip.ts';
import { ZipCodeInput } from '../ZipCodeInput/index.ts';

export interface AddLocationFormProps {
  shipmentId: number;
  onAdded: (location: Location) => void;
  onCancel: () => void;
}

const emptyAddress: AddressFields = { zipCode: '', city: '', state: '', country: 'USA' };

/**
 * Adds a location (000 §2 item 3 "a button to add a location"): its type, the date-time at the place (sent
 * without a zone, 000 §5: the service reads it in the place's own zone), and an address (ZIP code, city,
 * state, country) or coordinates. The time is the wall clock of the place (issue 14 item 10): empty means
 * now; once the ZIP code names the place, it defaults to now there and is labelled with the place's zone
 * (daylight saving included), never the browser's.
 */
export function AddLocationForm({ shipmentId, onAdded, onCancel }: AddLocationFormProps) {
  const calls = useTrackingCalls();
  const typeId = useId();
  const [locationType, setLocationType] = useState<LocationTypeValue>(ShipmentLocationType.values.InTransit);
  const [at, setAt] = useState('');
  const [timeEdited, setTimeEdited] = useState(false);
  const [zone, setZone] = useState<string | null>(null);
  const [street, setStreet] = useState('');
  const [address, setAddress] = useState<AddressFields>(emptyAddress);
  const [coordinates, setCoordinates] = useState('');
  const [saving, setSaving] = useState(false);
  const dirty =
    timeEdited || street !== '' || coordinates !== '' || address.zipCode !== '' || address.city !== '';
  const { confirmLeave } = useUnsavedChangesGuard(dirty && !saving);

  const onPlace = (place: { timeZone?: string | null } | null) => {
    const placeZone = place?.timeZone ?? null;
    setZone(placeZone);
    // Until the user sets a time, it is now at the place.
    if (!timeEdited) setAt(placeZone ? wallClockNowIn(placeZone) : '');
  };

  const save = async () => {
    const coords = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(coordinates);
    setSaving(true);
    const answer = await calls.addLocation({
      shipmentId,
      locationType,
      // Left empty: now (the service's clock).
      locationDateTime: at || null,
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
          description={zone ? `Time zone: ${zoneLabel(zone, at || null)}` : 'Empty: now'}
          value={at}
          onChange={(e) => {
            setAt(e.currentTarget.value);
            setTimeEdited(true);
          }}
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
      <ZipCodeInput value={address} onChange={setAddress} onPlace={onPlace} disabled={saving} />
      <TextInput
        size="xs"
        label="Or coordinates (latitude, longitude)"
        placeholder="41.5250, -88.0817"
        value={coordinates}
        onChange={(e) => setCoordinates(e.currentTarget.value)}
        disabled={saving}
      />
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={confirmLeave(onCancel)} disabled={saving}>
          {messages.dialogs.generic.cancel}
        </Button>
        <Button size="xs" onClick={() => void save()} loading={saving}>
          Save location
        </Button>
      </Group>
    </Stack>
  );
}
