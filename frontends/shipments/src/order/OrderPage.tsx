// The order page (issue 17; 000 §2 item 13; 001 §2): a customer's `/front-office/order` for its own
// organization and the back office's new-shipment page for any customer of the broker, both opened by Quick
// quote with `originzip` and `destinationzip`. Saving calls POST /api/shipments (the one create use case) and
// opens the new shipment's page. Remote `shipments/OrderPage`.
import { messages, ShipmentReferenceType } from '@loadline/contracts';
import {
  Alert,
  Button,
  fieldMessages,
  Group,
  type OrderPageProps,
  OrganizationSelect,
  Paper,
  SelectField,
  Stack,
  Text,
  TextareaField,
  TextInput,
  Title,
  toast,
  useAppNavigate,
  useDebouncedValue,
  useDensityScale,
  useLoad,
  usePageTitle,
} from '@loadline/ui';
import { useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import type { AccessorialChecklist, ZipLookup } from '../api/types.ts';
import { DateTimeField } from '../components/DateTimeField/index.ts';
import { localToday } from '../rules/dateTime.ts';
import { shipmentPath } from '../rules/shipmentRoutes.ts';
import { AccessorialsChecklist } from './AccessorialsChecklist.tsx';
import { CommodityLines } from './CommodityLines.tsx';
import { HazmatModal } from './HazmatModal.tsx';
import { createShipment, getAccessorialChecklist, lookUpZip } from './orderApi.ts';
import {
  newOrder,
  type OrderForm,
  orderBody,
  orderProblems,
  orderReferenceTypes,
  orderShipmentTypes,
  orderStatuses,
  type PlaceForm,
  type Problems,
  problemsFromErrors,
  toggleAccessorial,
  withCommodityHazardous,
  withPickupReadyDate,
  withZipLookup,
} from './orderForm.ts';

type PlaceKey = 'origin' | 'destination';

export default function OrderPage({ office, brokerId, originZip, destinationZip }: OrderPageProps) {
  usePageTitle(office === 'backOffice' ? 'New shipment' : 'New order');
  const client = useShipmentsApi();
  const navigate = useAppNavigate();
  const scale = useDensityScale(brokerId);
  const today = localToday();
  const [form, setForm] = useState<OrderForm>(() => newOrder(originZip ?? null, destinationZip ?? null));
  const [problems, setProblems] = useState<Problems>({});
  const [hazmatFor, setHazmatFor] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  // The checklist follows the lane (Puerto Rico-only entries appear when it touches Puerto Rico).
  const [lane] = useDebouncedValue(
    [
      form.origin.zipCode.trim(),
      form.origin.state,
      form.destination.zipCode.trim(),
      form.destination.state,
    ].join('|'),
    300,
  );
  const checklist = useLoad(['accessorialChecklist', lane], (signal) => {
    const [oz, os, dz, ds] = lane.split('|');
    return getAccessorialChecklist(
      client,
      {
        ...(oz ? { originZip: oz } : {}),
        ...(os ? { originState: os } : {}),
        ...(dz ? { destinationZip: dz } : {}),
        ...(ds ? { destinationState: ds } : {}),
      },
      signal,
    );
  });
  const groups: AccessorialChecklist = checklist.last ?? [];

  // The ZIPs Quick quote filled in are looked up like the ones typed (000 §5).
  const prefilled = (key: PlaceKey, zip: string | null | undefined) => ({
    onLoaded: (found: ZipLookup | null) => {
      if (!found) toast.warning(messages.zip.invalid);
      setForm((f) => ({ ...f, [key]: withZipLookup(f[key], zip?.trim() ?? '', found) }));
    },
  });
  useLoad(
    originZip?.trim() ? ['zip', originZip] : null,
    () => lookUpZip(client, originZip!),
    prefilled('origin', originZip),
  );
  useLoad(
    destinationZip?.trim() ? ['zip', destinationZip] : null,
    () => lookUpZip(client, destinationZip!),
    prefilled('destination', destinationZip),
  );

  const setPlace = (key: PlaceKey, patch: Partial<PlaceForm>) =>
    setForm((f) => ({ ...f, [key]: { ...f[key], ...patch } }));

  /** 000 §5: an empty zip clears city and state (USA); an unknown one warns 'Invalid ZIP code.' and clears them. */
  async function zipChanged(key: PlaceKey, zip: string) {
    if (zip.trim() === '') {
      setForm((f) => ({ ...f, [key]: withZipLookup(f[key], '', null) }));
      return;
    }
    const found = await lookUpZip(client, zip);
    if (!found.ok) {
      toast.error(messages.zip.validateFailed);
      return;
    }
    if (!found.data) toast.warning(messages.zip.invalid);
    setForm((f) => ({ ...f, [key]: withZipLookup(f[key], zip.trim(), found.data) }));
  }

  const onAccessorial = (id: number, checked: boolean) => {
    const toggled = toggleAccessorial(form, id, checked, office);
    setForm(toggled.form);
    if (toggled.hazmatFor !== null) setHazmatFor(toggled.hazmatFor);
  };

  async function save() {
    const found = orderProblems(form, office, today);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      toast.warning('Check the highlighted fields.');
      return;
    }
    setSaving(true);
    const created = await createShipment(client, orderBody(form, office, today, scale) as never);
    setSaving(false);
    if (!created.ok) {
      const errors = fieldMessages(created.error);
      setProblems(problemsFromErrors(errors));
      // the toast names the field (a field without an input of its own shows its error only here)
      const first = Object.values(errors)[0]?.join(' ');
      toast.error(first ? `${messages.common.errorPrefix}${first}` : 'The shipment could not be saved.');
      return;
    }
    toast.success(`Shipment ${created.data.shipmentId} saved.`);
    navigate(shipmentPath(created.data, { office }));
  }

  const place = (key: PlaceKey, title: string) => (
    <Paper withBorder p="sm" role="region" aria-label={title} style={{ flex: 1 }}>
      <Stack gap={4}>
        <Title order={5}>{title}</Title>
        <TextInput
          label={`${title} ZIP`}
          size="xs"
          value={form[key].zipCode}
          error={problems[`${key}.zipCode`]}
          onChange={(e) => setPlace(key, { zipCode: e.currentTarget.value })}
          onBlur={(e) => void zipChanged(key, e.currentTarget.value)}
        />
        <TextInput
          label="Company"
          size="xs"
          value={form[key].companyName}
          error={problems[`${key}.companyName`]}
          onChange={(e) => setPlace(key, { companyName: e.currentTarget.value })}
        />
        <TextInput
          label="Street address"
          size="xs"
          value={form[key].streetAddress}
          error={problems[`${key}.streetAddress`]}
          onChange={(e) => setPlace(key, { streetAddress: e.currentTarget.value })}
        />
        <Group grow>
          <TextInput
            label={`${title} city`}
            size="xs"
            value={form[key].city}
            error={problems[`${key}.city`]}
            onChange={(e) => setPlace(key, { city: e.currentTarget.value })}
          />
          <TextInput
            label={`${title} state`}
            size="xs"
            value={form[key].state}
            error={problems[`${key}.state`]}
            onChange={(e) => setPlace(key, { state: e.currentTarget.value })}
          />
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <Stack>
      <Title order={1} size="h2">
        {office === 'backOffice' ? 'New shipment' : 'New order'}
      </Title>
      <Group align="flex-end">
        {office === 'backOffice' && (
          <Stack gap={2}>
            <OrganizationSelect
              label="Customer"
              type="payers"
              placeholder="--Select--"
              value={form.customerOrganizationId}
              onChange={(id) => setForm((f) => ({ ...f, customerOrganizationId: id }))}
            />
            {problems.customerOrganizationId && (
              <Text c="red" size="xs" role="alert">
                {problems.customerOrganizationId}
              </Text>
            )}
          </Stack>
        )}
        <SelectField
          label="Shipment type"
          value={form.shipmentType}
          choices={orderShipmentTypes(office).map((t) => ({ value: t.value, name: t.name }))}
          onChange={(v) => setForm((f) => ({ ...f, shipmentType: Number(v) }))}
        />
        <SelectField
          label="Save as"
          value={form.status}
          choices={orderStatuses.map((s) => ({ value: s.value, name: s.name }))}
          onChange={(v) => setForm((f) => ({ ...f, status: Number(v) }))}
        />
      </Group>
      <Group align="stretch" grow>
        {place('origin', 'Origin')}
        {place('destination', 'Destination')}
      </Group>
      <Group align="stretch" grow>
        <Paper withBorder p="sm" role="region" aria-label="Pickup window">
          <Stack gap={4}>
            <Title order={5}>Pickup</Title>
            <DateTimeField
              label="Pickup ready"
              value={form.pickupReady}
              error={problems.pickupReady}
              onDateChange={(date) =>
                setForm((f) => withPickupReadyDate(f, { ...f.pickupReady, date }, today))
              }
              onTimeChange={(time) =>
                setForm((f) => withPickupReadyDate(f, { ...f.pickupReady, time }, today))
              }
            />
            <DateTimeField
              label="Pickup close"
              value={form.pickupClose}
              error={problems.pickupClose}
              onDateChange={(date) => setForm((f) => ({ ...f, pickupClose: { ...f.pickupClose, date } }))}
              onTimeChange={(time) => setForm((f) => ({ ...f, pickupClose: { ...f.pickupClose, time } }))}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="sm" role="region" aria-label="Delivery window">
          <Stack gap={4}>
            <Title order={5}>Delivery</Title>
            <DateTimeField
              label="Delivery ready"
              value={form.deliveryReady}
              error={problems.deliveryReady}
              onDateChange={(date) => setForm((f) => ({ ...f, deliveryReady: { ...f.deliveryReady, date } }))}
              onTimeChange={(time) => setForm((f) => ({ ...f, deliveryReady: { ...f.deliveryReady, time } }))}
            />
            <DateTimeField
              label="Delivery close"
              value={form.deliveryClose}
              error={problems.deliveryClose}
              onDateChange={(date) => setForm((f) => ({ ...f, deliveryClose: { ...f.deliveryClose, date } }))}
              onTimeChange={(time) => setForm((f) => ({ ...f, deliveryClose: { ...f.deliveryClose, time } }))}
            />
          </Stack>
        </Paper>
      </Group>
      <CommodityLines
        form={form}
        scale={scale}
        problems={problems}
        onChange={setForm}
        onHazardous={(i, hazardous) => {
          setForm((f) => withCommodityHazardous(f, i, hazardous));
          if (hazardous && office === 'backOffice') setHazmatFor(i);
        }}
        onHazmatDetails={office === 'backOffice' ? setHazmatFor : undefined}
      />
      {checklist.state === 'failed' && <Alert color="red">The accessorials could not be loaded.</Alert>}
      <AccessorialsChecklist groups={groups} chosen={form.accessorials} onToggle={onAccessorial} />
      {Object.entries(problems)
        .filter(([k]) => k.startsWith('accessorials.'))
        .map(([k, m]) => (
          <Text key={k} c="red" size="sm" role="alert">
            {m}
          </Text>
        ))}
      <Paper withBorder p="sm" role="region" aria-label="References">
        <Stack gap={4}>
          <Title order={5}>References</Title>
          {form.references.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: references have no id before they are saved
            <Group key={i} align="flex-end">
              <SelectField
                label="Reference type"
                value={r.referenceType}
                choices={orderReferenceTypes.map((t) => ({ value: t.value, name: t.name }))}
                onChange={(v) =>
                  setForm((f) => ({
                    ...f,
                    references: f.references.map((x, j) =>
                      j === i ? { ...x, referenceType: Number(v) } : x,
                    ),
                  }))
                }
              />
              <TextInput
                label="Reference number"
                size="xs"
                value={r.value}
                error={problems[`referenceNumbers.${i}.value`]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({
                    ...f,
                    references: f.references.map((x, j) => (j === i ? { ...x, value } : x)),
                  }));
                }}
              />
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                onClick={() => setForm((f) => ({ ...f, references: f.references.filter((_, j) => j !== i) }))}
              >
                Remove
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                setForm((f) => ({
                  ...f,
                  references: [
                    ...f.references,
                    { referenceType: ShipmentReferenceType.values.PONumber, value: '' },
                  ],
                }))
              }
            >
              Add reference
            </Button>
          </Group>
        </Stack>
      </Paper>
      <TextareaField
        label="Special instructions"
        value={form.specialInstructions}
        onChange={(specialInstructions) => setForm((f) => ({ ...f, specialInstructions }))}
      />
      {problems.specialInstructions && (
        <Text c="red" size="xs" role="alert">
          {problems.specialInstructions}
        </Text>
      )}
      <Paper withBorder p="sm" role="region" aria-label="Bill to">
        <Stack gap={4}>
          <Title order={5}>Bill to</Title>
          <Group grow>
            {(['companyName', 'streetAddress', 'city', 'state', 'zipCode'] as const).map((field) => (
              <TextInput
                key={field}
                label={
                  {
                    companyName: 'Bill-to company',
                    streetAddress: 'Bill-to street',
                    city: 'Bill-to city',
                    state: 'Bill-to state',
                    zipCode: 'Bill-to ZIP',
                  }[field]
                }
                size="xs"
                value={form.billTo[field]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, billTo: { ...f.billTo, [field]: value } }));
                }}
              />
            ))}
          </Group>
        </Stack>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving}>
          Save shipment
        </Button>
      </Group>
      <HazmatModal
        commodity={
          hazmatFor === null ? null : form.commodities[hazmatFor]?.description || `Commodity ${hazmatFor + 1}`
        }
        value={hazmatFor === null ? null : (form.commodities[hazmatFor]?.hazmat ?? null)}
        onCancel={() => setHazmatFor(null)}
        onSave={(hazmat) => {
          setForm((f) => ({
            ...f,
            commodities: f.commodities.map((c, i) =>
              i === hazmatFor ? { ...c, hazardous: true, hazmat } : c,
            ),
          }));
          setHazmatFor(null);
        }}
      />
    </Stack>
  );
}
