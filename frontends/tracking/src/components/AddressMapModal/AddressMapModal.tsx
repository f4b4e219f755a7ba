import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_LOCATED_ADDRESS_ZOOM,
  messages,
} from '@loadline/contracts';
import { Button, Group, Modal, modalSizes, Stack, Text, TextInput, toast } from '@loadline/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { Geocoded } from '../../api/types.ts';
import { useTileUrl } from '../../hooks/useTileUrl.ts';
import { MapView } from '../MapView/index.ts';

export interface AddressMapModalProps {
  opened: boolean;
  onClose: () => void;
  /** an address to locate at once */
  initial?: { streetAddress?: string; city?: string; state?: string; zipCode?: string; country?: string };
}

const start = { ...MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM };

type AddressQuery = { streetAddress: string; city: string; state: string; zipCode: string };
const noAddress: AddressQuery = { streetAddress: '', city: '', state: '', zipCode: '' };

/**
 * The address location map (000 §2 item 1, large): centred on the middle of the US (40.1451, -99.668) at
 * zoom 4; once an address is located (GET /api/location) it recentres on the result at zoom 16.
 */
export function AddressMapModal({ opened, onClose, initial }: AddressMapModalProps) {
  const calls = useTrackingCalls();
  const tileUrl = useTileUrl();
  const [address, setAddress] = useState<AddressQuery>({ ...noAddress, ...initial });
  const [found, setFound] = useState<Geocoded | null>(null);
  const [notFound, setNotFound] = useState(false);

  const locate = useCallback(
    async (query: AddressQuery) => {
      const answer = await calls.geocode(Object.fromEntries(Object.entries(query).filter(([, v]) => v)));
      if (answer.ok) {
        setFound(answer.data);
        setNotFound(false);
      } else if (answer.status === 404) {
        setFound(null);
        setNotFound(true);
      } else toast.error(messages.common.genericError);
    },
    [calls],
  );

  useEffect(() => {
    if (!opened) return;
    setFound(null);
    setNotFound(false);
    // The fields show the address being mapped (a result's ZIP code and city), or start empty.
    const start = { ...noAddress, ...initial };
    setAddress(start);
    if (start.zipCode || start.city) void locate(start);
  }, [opened, initial, locate]);

  const center = found
    ? { latitude: found.latitude, longitude: found.longitude, zoom: MAP_LOCATED_ADDRESS_ZOOM }
    : start;
  // The value is read now: React clears the event's currentTarget before an updater function runs.
  const set = (field: keyof AddressQuery) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setAddress((a) => ({ ...a, [field]: value }));
  };
  return (
    <Modal opened={opened} onClose={onClose} size={modalSizes.large} title="Address location">
      <Stack gap="sm">
        <Group grow gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label="Street address"
            value={address.streetAddress}
            onChange={set('streetAddress')}
          />
          <TextInput size="xs" label="City" value={address.city} onChange={set('city')} />
          <TextInput size="xs" label="State" value={address.state} onChange={set('state')} />
          <TextInput size="xs" label="ZIP code" value={address.zipCode} onChange={set('zipCode')} />
          <Button size="xs" onClick={() => void locate(address)}>
            Locate
          </Button>
        </Group>
        {found && (
          <Text
            size="sm"
            aria-label="Located address"
          >{`${found.city}, ${found.state} ${found.zipCode} (${found.latitude.toFixed(4)}, ${found.longitude.toFixed(4)})`}</Text>
        )}
        {notFound && (
          <Text size="sm" c="red">
            No place was found for this address.
          </Text>
        )}
        {opened && (
          <MapView
            markers={
              found
                ? [
                    {
                      id: 'address',
                      latitude: found.latitude,
                      longitude: found.longitude,
                      label: `${found.city}, ${found.state}`,
                      highlighted: true,
                    },
                  ]
                : []
            }
            center={center}
            tileUrl={tileUrl ?? null}
            height={420}
            label="Address map"
          />
        )}
      </Stack>
    </Modal>
  );
}
