import { messages, ShipmentLocationType } from '@loadline/contracts';
import {
  Badge,
  Button,
  Group,
  LoadView,
  Modal,
  modalSizes,
  Paper,
  ScrollArea,
  Stack,
  Text,
  toast,
  UnsavedChangesScope,
  useLoad,
  usePresence,
  useUnsavedChangesScope,
} from '@loadline/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTrackingCalls } from '../../api/client.ts';
import type { Location } from '../../api/types.ts';
import { useTileUrl } from '../../hooks/useTileUrl.ts';
import {
  isYearOld,
  locationOfEvent,
  splitLocations,
  usesWideLayout,
  withLiveLocation,
} from '../../rules/locations.ts';
import { locationTimeLabel, type TimeMode } from '../../rules/time.ts';
import { AddLocationForm } from '../AddLocationForm/index.ts';
import { type MapMarker, MapView } from '../MapView/index.ts';

export interface LocationHistoryModalProps {
  shipmentId: number;
  opened: boolean;
  onClose: () => void;
  /** the front office's reduced variant: no adding; live check calls without presence (000 §1, §2 item 3) */
  office: 'backOffice' | 'frontOffice';
  /** told when a location was added here or arrived live, so a last-location line can refresh */
  onLocationsChanged?: () => void;
}

function LocationList({ title, locations, mode }: { title: string; locations: Location[]; mode: TimeMode }) {
  return (
    <Paper
      withBorder
      p="xs"
      role="region"
      aria-label={`${title} locations`}
      style={{ flex: '1 1 200px', minWidth: 0 }}
    >
      <Text fw={600} size="sm">
        {title}
      </Text>
      {locations.length === 0 ? (
        <Text size="xs" c="dimmed">
          {messages.locations.noLocationData}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {locations.map((l) => (
            <li key={l.locationId} data-location-id={l.locationId}>
              <Text size="xs" fw={l.mostRecentLocation ? 700 : 400}>
                {l.locationStringFull}
                {l.mostRecentLocation ? ' (most recent)' : ''}
                {l.isArchived ? ' (archived)' : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {locationTimeLabel(l, mode)} · {ShipmentLocationType.nameOf(l.locationType)}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The location history (000 §2 item 3, extra large): a map with the origin, destination and other lists,
 * refresh, the UTC / location-local switch, add a location (back office), archived locations on request for
 * a shipment at least a year old, the wide layout above 2 locations. The modal joins the shipment's live
 * group (000 §7; the front office follows it without presence), so a check call posted elsewhere appears
 * without a reload.
 */
export function LocationHistoryModal({
  shipmentId,
  opened,
  onClose,
  office,
  onLocationsChanged,
}: LocationHistoryModalProps) {
  const calls = useTrackingCalls();
  const tileUrl = useTileUrl();
  /** locations pushed live, kept apart so one that arrives while the list is loading is not lost */
  const [liveAdded, setLiveAdded] = useState<Location[]>([]);
  const [archived, setArchived] = useState<Location[] | null>(null);
  const [mode, setMode] = useState<TimeMode>('local');
  const [adding, setAdding] = useState(false);
  const [loadingArchive, setLoadingArchive] = useState(false);
  const backOffice = office === 'backOffice';
  // 000 §2, §8: Esc and the X ask first while the add-location form holds unsaved data.
  const guard = useUnsavedChangesScope();

  // Read each time the modal opens, and on refresh (the list shown stays until the answer).
  const read = useLoad(
    opened ? ['locations', shipmentId] : null,
    async () => {
      const [answer, shipment] = await Promise.all([
        calls.locations(shipmentId),
        calls.shipmentDomestic(shipmentId),
      ]);
      if (!answer.ok) return answer;
      const yearOld = shipment.ok ? (shipment.data.yearOld ?? isYearOld(shipment.data.createdDate)) : false;
      return { ok: true as const, data: { locations: answer.data, yearOld } };
    },
    { onFailed: () => toast.error(messages.locations.loadFailed) },
  );
  const load = read.reload;
  const locations: Location[] | null = read.last?.locations ?? null;
  const yearOld = read.last?.yearOld ?? false;

  useEffect(() => {
    if (!opened) return;
    setLiveAdded([]);
    setArchived(null);
    setAdding(false);
  }, [opened]);

  usePresence({
    groupName: String(shipmentId),
    pageTitle: `Location history - ${shipmentId}`,
    uri: typeof window === 'undefined' ? '' : window.location.pathname,
    enabled: opened,
    // Customers follow their shipment's check calls without appearing in presence (001 §6).
    presence: backOffice,
    onEvent: (event) => {
      // The group carries the shipment's live events; a location is known by its shape (location.added).
      const added = locationOfEvent(event.data);
      if (!added || added.shipmentId !== shipmentId) return;
      setLiveAdded((list) => [...list, added]);
      onLocationsChanged?.();
    },
  });

  const loadArchive = async () => {
    setLoadingArchive(true);
    const answer = await calls.archivedLocations(shipmentId);
    setLoadingArchive(false);
    if (!answer.ok) {
      toast.error(messages.locations.loadArchivedFailed);
      return;
    }
    setArchived(answer.data);
  };

  const all = useMemo(
    () => [...liveAdded.reduce(withLiveLocation, locations ?? []), ...(archived ?? [])],
    [locations, liveAdded, archived],
  );
  const lists = splitLocations(all);
  const wide = usesWideLayout(all.length);
  const markers: MapMarker[] = useMemo(
    () =>
      [...all]
        .reverse()
        .filter((l) => l.latitude !== null && l.longitude !== null)
        .map((l) => ({
          id: l.locationId,
          latitude: l.latitude!,
          longitude: l.longitude!,
          label: `${l.locationStringFull} — ${locationTimeLabel(l, mode)}`,
          highlighted: l.mostRecentLocation,
          color: l.isArchived ? '#868e96' : undefined,
        })),
    [all, mode],
  );

  // What was read stays shown while the list is read again (after an archive or a new location).
  const body = (
    <LoadView
      load={read.last ? { state: 'loaded', data: read.last } : read}
      loading="Loading locations"
      failed={messages.locations.loadFailed}
      padding="xl"
    >
      {() => (
        <Stack gap="sm">
          {all.length === 0 && <Text c="dimmed">{messages.locations.noLocationData}</Text>}
          <div
            style={wide ? { display: 'block' } : { display: 'flex', gap: 12, flexWrap: 'wrap' }}
            data-history-layout={wide ? 'wide' : 'narrow'}
          >
            <div style={wide ? { width: '100%' } : { flex: '2 1 360px' }}>
              {opened && (
                <MapView
                  markers={markers}
                  tileUrl={tileUrl ?? null}
                  route
                  height={wide ? 380 : 320}
                  label="Shipment locations map"
                />
              )}
            </div>
            <Group
              align="stretch"
              gap="xs"
              mt={wide ? 'sm' : 0}
              style={wide ? undefined : { flex: '1 1 240px', flexDirection: 'column' }}
            >
              <LocationList title="Origin" locations={lists.origin} mode={mode} />
              <LocationList title="Destination" locations={lists.destination} mode={mode} />
              <ScrollArea.Autosize mah={wide ? 260 : 200} style={{ flex: '1 1 200px' }}>
                <LocationList title="Other" locations={lists.other} mode={mode} />
              </ScrollArea.Autosize>
            </Group>
          </div>
          {adding && (
            <Paper withBorder p="sm">
              <AddLocationForm
                shipmentId={shipmentId}
                onAdded={(added) => {
                  setAdding(false);
                  read.set((d) => ({ ...d, locations: withLiveLocation(d.locations, added) }));
                  onLocationsChanged?.();
                }}
                onCancel={() => setAdding(false)}
              />
            </Paper>
          )}
        </Stack>
      )}
    </LoadView>
  );

  return (
    <Modal
      opened={opened}
      onClose={guard.confirmLeave(onClose)}
      size={modalSizes.extraLarge}
      title={`Location history - Shipment ${shipmentId}`}
    >
      <UnsavedChangesScope scope={guard.scope}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" role="group" aria-label="Time shown">
              <Button
                size="compact-xs"
                variant={mode === 'utc' ? 'filled' : 'default'}
                aria-pressed={mode === 'utc'}
                onClick={() => setMode('utc')}
              >
                UTC
              </Button>
              <Button
                size="compact-xs"
                variant={mode === 'local' ? 'filled' : 'default'}
                aria-pressed={mode === 'local'}
                onClick={() => setMode('local')}
              >
                Location time
              </Button>
              {archived && <Badge color="gray">{`${archived.length} archived`}</Badge>}
            </Group>
            <Group gap="xs">
              {yearOld && archived === null && (
                <Button size="xs" variant="light" onClick={() => void loadArchive()} loading={loadingArchive}>
                  Load archived locations
                </Button>
              )}
              <Button size="xs" variant="default" onClick={load}>
                Refresh
              </Button>
              {backOffice && !adding && (
                <Button size="xs" onClick={() => setAdding(true)} disabled={locations === null}>
                  Add location
                </Button>
              )}
            </Group>
          </Group>
          {body}
        </Stack>
      </UnsavedChangesScope>
    </Modal>
  );
}
