import {
  carrierReferencesOfLeg,
  messages,
  referenceTypeNameOf,
  ShipmentStopType,
  ShipmentType,
  WeightUnit,
} from '@loadline/contracts';
import {
  BackLink,
  Button,
  Center,
  formatDateTime,
  Group,
  Loader,
  LoadView,
  Paper,
  RemoteModuleIds,
  RemotePage,
  type ShipmentActivityLogProps,
  type ShipmentDetailsPageProps,
  Stack,
  type StaffFavoriteToggleProps,
  serverMessages,
  Table,
  Text,
  Title,
  type TrackingStatusRequestSenderProps,
  toast,
  useAppNavigate,
  useLoad,
  usePageTitle,
  usePreloadedRemotes,
  usePresence,
} from '@loadline/ui';
import { useEffect, useRef, useState } from 'react';
import { useShipmentsApi } from './api/client.ts';
import { getShipmentAlerts } from './api/shipments.ts';
import type { Shipment, ShipmentAlert, TransitStop } from './api/types.ts';
import { AlertBadge } from './components/AlertBadge/index.ts';
import { BillToModal } from './components/BillToModal/index.ts';
import { CarrierCard } from './components/CarrierCard/index.ts';
import { CarrierPickerModal } from './components/CarrierPickerModal/index.ts';
import { CommodityLinesCard } from './components/CommodityLinesCard/index.ts';
import { EditStatusModal } from './components/EditStatusModal/index.ts';
import { placeLine } from './components/PickupCard/index.ts';
import { StatusBadge } from './components/StatusBadge/index.ts';
import { StatusBar } from './components/StatusBar/index.ts';
import { TrackingPlugin } from './components/TrackingPlugin/index.ts';
import { useShipment } from './hooks/useShipment.ts';
import { liveChangeOf } from './rules/liveEvents.ts';
import { shipmentRoutes } from './rules/shipmentRoutes.ts';

function StopCard({
  title,
  stop,
  estimated,
}: {
  title: string;
  stop: TransitStop | undefined;
  estimated: string;
}) {
  const lines: [string, string | null][] = stop
    ? [
        [estimated, stop.scheduledReadyDateTime],
        ['Close', stop.scheduledCloseDateTime],
        ['Appointment', stop.appointmentReadyDateTime],
        ['Arrived', stop.actualArrivalDateTime],
        ['Departed', stop.actualDepartureDateTime],
      ]
    : [];
  return (
    <Paper withBorder p="sm" role="region" aria-label={title} style={{ flex: '1 1 240px' }}>
      <Title order={5}>{title}</Title>
      {stop && (
        <Text size="sm" c="dimmed">
          {placeLine(stop)}
          {stop.zipCode ? ` ${stop.zipCode}` : ''}
        </Text>
      )}
      {lines
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Text size="sm" key={label}>
            <Text span size="sm" c="dimmed">
              {label}:{' '}
            </Text>
            {formatDateTime(value)}
          </Text>
        ))}
    </Paper>
  );
}

/**
 * With no bill-to of its own, a shipment is billed to its customer (the accounting service's payer): staff
 * read who that is; the customer reads its own name.
 */
export const billToCustomer = (customerName: string, office: ShipmentDetailsPageProps['office']) =>
  office === 'frontOffice' ? customerName : `${customerName} (the customer)`;

function BillToCard({
  billTo,
  customerName,
  office,
  onEdit,
}: {
  billTo: Shipment['billTo'];
  customerName: string | null;
  office: ShipmentDetailsPageProps['office'];
  onEdit?: () => void;
}) {
  const lines = billTo
    ? [
        billTo.companyName,
        billTo.streetAddress,
        billTo.streetAddressTwo,
        [billTo.city, billTo.state, billTo.zipCode].filter(Boolean).join(' '),
        billTo.country,
      ].filter((l): l is string => Boolean(l))
    : [];
  return (
    <Paper withBorder p="sm" role="region" aria-label="Bill to" style={{ flex: '1 1 240px' }}>
      <Group justify="space-between">
        <Title order={5}>Bill to</Title>
        {onEdit && (
          <Button size="compact-xs" variant="light" onClick={onEdit}>
            Edit bill to
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {customerName ? billToCustomer(customerName, office) : '—'}
        </Text>
      ) : (
        lines.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))
      )}
    </Paper>
  );
}

const noAlerts: ShipmentAlert[] = [];

/**
 * The Edit status button and its modal, holding whether the modal is open: opening and closing it renders
 * this alone, not the whole page with its activity log and the other remotes' widgets (the modal shows in a
 * portal wherever it is rendered). The modal reads its view with the page's shipment, before it is opened.
 */
function EditStatus({
  shipment,
  initiallyOpen,
  canUseAdminAccessLevel,
  onUpdated,
}: {
  shipment: Shipment;
  initiallyOpen: boolean;
  canUseAdminAccessLevel: boolean;
  onUpdated: () => void;
}) {
  const [editing, setEditing] = useState(initiallyOpen);
  return (
    <>
      <Button onClick={() => setEditing(true)}>Edit status</Button>
      <EditStatusModal
        opened={editing}
        shipmentId={shipment.shipmentId}
        shipment={shipment}
        onClose={() => setEditing(false)}
        onUpdated={() => {
          setEditing(false);
          onUpdated();
        }}
        canUseAdminAccessLevel={canUseAdminAccessLevel}
      />
    </>
  );
}

/** The remotes the page mounts once the shipment is in: the customer's, and the staff's extra widgets. */
const customerRemotes = [RemoteModuleIds.shipmentActivityLog, RemoteModuleIds.shipmentTracking];
const staffRemotes = [
  ...customerRemotes,
  RemoteModuleIds.staffFavoriteToggle,
  RemoteModuleIds.trackingStatusRequestSender,
];

/** GET /api/shipmentAlerts/{id} once the shipment is read, and again whenever it is read again (000 §3, §7). */
function useShipmentAlerts(shipmentId: number, shipment: Shipment | null): ShipmentAlert[] {
  const client = useShipmentsApi();
  const load = useLoad(shipment ? ['shipmentAlerts', shipmentId] : null, () =>
    getShipmentAlerts(client, shipmentId),
  );
  const { reload } = load;
  const previous = useRef(shipment);
  useEffect(() => {
    if (previous.current && shipment && shipment !== previous.current) reload();
    previous.current = shipment;
  }, [shipment, reload]);
  return load.state === 'loaded' ? load.data : noAlerts;
}

/**
 * One shipment (exposed as `shipments/ShipmentDetailsPage`): GET /api/shipments/{id} with its status bar
 * (000 §4, 001 §4), carrier, pickup and delivery, references, alerts (each in its colour with its icon) and
 * bill-to. Staff open the edit-status modal (000 §2 item 2) and the bill-to modal from here; customers see
 * it read-only. The page follows the shipment's live group (000 §7): a location or an activity entry added
 * elsewhere shows without reload (the gateway sends each viewer only what it may see).
 */
export default function ShipmentDetailsPage({
  shipmentId,
  office,
  readOnly = office === 'frontOffice',
  canUseAdminAccessLevel = false,
  openEditStatus = false,
}: ShipmentDetailsPageProps) {
  usePageTitle('Shipment details');
  // The remotes shown with the shipment load while it is fetched.
  usePreloadedRemotes(office === 'backOffice' ? staffRemotes : customerRemotes);
  const _navigate = useAppNavigate();
  const load = useShipment(shipmentId);
  const [billTo, setBillTo] = useState(false);
  const [carrierPicker, setCarrierPicker] = useState(false);
  // A saved status update reaches the activity log by event: the log reads again after each one.
  const [updates, setUpdates] = useState(0);
  const [locations, setLocations] = useState(0);
  const shipmentLoaded = load.state === 'loaded' ? load.shipment : null;
  const alerts = useShipmentAlerts(shipmentId, shipmentLoaded);
  const { reload } = load;
  usePresence({
    groupName: String(shipmentId),
    pageTitle: `Shipment ${shipmentId}`,
    uri: typeof window === 'undefined' ? '' : window.location.pathname,
    enabled: shipmentLoaded !== null,
    // Follows without presence: the shell's layout already shows who views the page (001 §6).
    presence: false,
    onEvent: (event) => {
      const change = liveChangeOf(event.data, shipmentId);
      if (change === 'location') setLocations((n) => n + 1);
      else if (change === 'activity') setUpdates((n) => n + 1);
      else if (change === 'status') {
        setUpdates((n) => n + 1);
        reload();
      }
    },
  });
  // A shipment that is not there (or not the caller's) is no failure to retry: the page says so once, in the
  // service's words, without the catalogue's "Please try again" toast (000 §8 is for a load that failed).
  const failed = load.state === 'failed';
  useEffect(() => {
    if (failed) toast.error(messages.shipment.loadFailed);
  }, [failed]);
  const listPath =
    office === 'frontOffice' ? shipmentRoutes.frontOfficeList() : shipmentRoutes.backOfficeList();

  const back = (
    <BackLink to={listPath}>{office === 'frontOffice' ? '‹ My shipments' : '‹ Shipments'}</BackLink>
  );

  if (load.state === 'loading') {
    return (
      <Center p="xl">
        <Loader aria-label="Loading shipment" />
      </Center>
    );
  }
  if (load.state !== 'loaded') {
    return (
      <Stack>
        {back}
        {/* a 404 in the service's words ("Shipment 10002 was not found."), nothing to retry; else 000 §8's text */}
        <LoadView
          load={load.read}
          loading="Loading shipment"
          failed={(f) =>
            f.status === 404
              ? (serverMessages(f.error)[0] ?? messages.shipment.loadFailed)
              : messages.shipment.loadFailed
          }
          {...(load.state === 'failed' ? { retry: reload } : {})}
        >
          {() => null}
        </LoadView>
      </Stack>
    );
  }

  const shipment = load.shipment;
  const leg = shipment.transitLegs.find((l) => l.active) ?? shipment.transitLegs[0] ?? null;
  const firstPick = shipment.stops.find((s) => s.stopType === ShipmentStopType.byCode.FirstPick.code);
  const lastDrop = shipment.stops.find((s) => s.stopType === ShipmentStopType.byCode.LastDrop.code);
  const openAlerts = alerts.filter((a) => !a.resolved);
  const types = ShipmentType.list(shipment.shipmentType).map((t) => t.name);

  return (
    <Stack>
      {back}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">{`Shipment ${shipment.shipmentId}`}</Title>
            <StatusBadge status={shipment.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {[shipment.customerName, types.join(', ')].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
        {(office === 'backOffice' || !readOnly) && (
          <Group gap="xs" align="flex-end">
            {/* 001 §3, §4: the staff favorite toggle (the activity remote), for broker staff only. */}
            {office === 'backOffice' && (
              <RemotePage<StaffFavoriteToggleProps>
                name="Staff favorite"
                id={RemoteModuleIds.staffFavoriteToggle}
                props={{ shipmentId: shipment.shipmentId, organizationId: shipment.customerOrganizationId }}
              />
            )}
            {/* 001 §2: the tracking status request sender (the attachments remote), for broker staff only. */}
            {office === 'backOffice' && (
              <RemotePage<TrackingStatusRequestSenderProps>
                name="Tracking status request"
                id={RemoteModuleIds.trackingStatusRequestSender}
                props={{ shipmentIds: [shipment.shipmentId] }}
              />
            )}
            {!readOnly && (
              <EditStatus
                shipment={shipment}
                initiallyOpen={openEditStatus}
                canUseAdminAccessLevel={canUseAdminAccessLevel}
                onUpdated={() => {
                  setUpdates((n) => n + 1);
                  load.reload();
                }}
              />
            )}
          </Group>
        )}
      </Group>
      <StatusBar status={shipment.status} />
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Last known location:
        </Text>
        <TrackingPlugin
          shipmentId={shipment.shipmentId}
          office={office}
          tracking={Boolean(leg?.integrationEnableAPITracking || leg?.trackingIntegrationEnableAPITracking)}
          refreshKey={locations}
        />
      </Group>
      {openAlerts.length > 0 && (
        <Group
          gap="xs"
          component="ul"
          aria-label="Alerts"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {openAlerts.map((a) => (
            <li key={a.alertId}>
              <AlertBadge alert={a} />
            </li>
          ))}
        </Group>
      )}
      <Group align="stretch" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 240px' }}>
          <CarrierCard
            leg={leg}
            references={shipment.referenceNumbers}
            {...(office === 'backOffice' ? { shipmentId: shipment.shipmentId } : {})}
            {...(readOnly || shipment.carrierChangeRefusal !== null
              ? {}
              : {
                  // read again, so the picker lists the references the leg has now (what a change clears)
                  onChangeCarrier: () => {
                    reload();
                    setCarrierPicker(true);
                  },
                })}
          />
        </div>
        <StopCard title="Pickup" stop={firstPick} estimated="Ready" />
        <StopCard title="Delivery" stop={lastDrop} estimated="Estimated" />
        <BillToCard
          billTo={shipment.billTo}
          customerName={shipment.customerName}
          office={office}
          {...(readOnly ? {} : { onEdit: () => setBillTo(true) })}
        />
      </Group>
      <Group gap="xl">
        {shipment.totalWeight !== null && (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Weight:{' '}
            </Text>
            {`${shipment.totalWeight.toLocaleString('en-US')} ${WeightUnit.nameOf(shipment.weightUnit) ?? ''}`}
          </Text>
        )}
        {shipment.transitDays !== null && (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Transit days:{' '}
            </Text>
            {shipment.transitDays}
          </Text>
        )}
      </Group>
      <CommodityLinesCard
        commodities={shipment.commodities}
        accessorials={shipment.accessorials}
        weightUnit={shipment.weightUnit}
      />
      {shipment.specialInstructions && (
        <Paper withBorder p="xs" maw={640} role="note" aria-label="Special instructions">
          <Text size="sm" c="dimmed">
            Special instructions
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {shipment.specialInstructions}
          </Text>
        </Paper>
      )}
      {shipment.referenceNumbers.length > 0 && (
        <Table aria-label="Reference numbers" withTableBorder maw={640}>
          <Table.Tbody>
            {shipment.referenceNumbers.map((r) => (
              <Table.Tr key={r.referenceId}>
                <Table.Td c="dimmed">{referenceTypeNameOf(r.referenceTypeCode)}</Table.Td>
                <Table.Td>{r.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {/* 000 §2 item 9: the shipment's activity log (the activity remote); customers read its Public entries. */}
      <Paper withBorder p="sm">
        <RemotePage<ShipmentActivityLogProps>
          name="Activity log"
          id={RemoteModuleIds.shipmentActivityLog}
          props={{ shipmentId: shipment.shipmentId, office, canUseAdminAccessLevel, refreshKey: updates }}
        />
      </Paper>
      {!readOnly && (
        <BillToModal
          opened={billTo}
          shipmentId={shipment.shipmentId}
          transitLegId={shipment.billTo?.transitLegId ?? null}
          onClose={() => setBillTo(false)}
          onChanged={load.reload}
        />
      )}
      {!readOnly && leg && (
        <CarrierPickerModal
          opened={carrierPicker}
          shipmentId={shipment.shipmentId}
          transitLegId={leg.transitLegId}
          current={leg}
          status={shipment.status}
          carrierReferences={carrierReferencesOfLeg(shipment.referenceNumbers, leg.transitLegId)}
          onClose={() => setCarrierPicker(false)}
          onChanged={load.reload}
        />
      )}
    </Stack>
  );
}
