// The order page's form (issue 17; 000 §2 item 13, §5; 001 §2; 002 §3.1, §3.3, §3.5, §9): its state, the
// rules it applies while the user types (the ZIP lookup's fill, the class from density, accessorial 46 and
// the hazmat flag, the pickup and delivery windows), the problems it shows before calling, and the body of
// POST /api/shipments. Pure: the page holds the state and makes the calls. The service applies the same
// rules again (services/shipments/src/domain/commodities.ts, accessorials.ts).
import {
  type DensityScaleId,
  DomesticShipmentTypes,
  FreightClass,
  HAZARDOUS_ACCESSORIAL_ID,
  InternationalShipmentTypes,
  LengthUnit,
  type LengthUnitValue,
  ShipmentReferenceType,
  ShipmentStatus,
  ShipmentType,
  WeightUnit,
  type WeightUnitValue,
} from '@loadline/contracts';
import { calculateFreightClass } from '@loadline/contracts/rules/freight-class';
import { offsetHoursAt, type ShipmentOffice } from '@loadline/ui';
import { type DateTimeParts, localIsoOf, NO_DATE_TIME } from '../rules/dateTime.ts';
import { deliveryProblems, pickupProblems, withPickupReady } from '../rules/stopTimes.ts';

export interface PlaceForm {
  companyName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  /** the place's zone from the ZIP lookup: the origin's gives the shipment its UTC offset (000 §4) */
  timeZone: string | null;
}

export interface HazmatForm {
  unNumber: string;
  properShippingName: string;
  hazardClass: string;
  packingGroup: number;
  emergencyContactName: string;
  emergencyContactPhone: string;
}

export interface CommodityForm {
  description: string;
  pieces: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  /** '' means "from density"; else a 002 §3.1 value chosen by the user */
  freightClass: string;
  hazardous: boolean;
  hazmat: HazmatForm | null;
}

export interface ReferenceForm {
  referenceType: number;
  value: string;
}

export interface OrderForm {
  customerOrganizationId: string | null;
  shipmentType: number;
  status: number;
  origin: PlaceForm;
  destination: PlaceForm;
  pickupReady: DateTimeParts;
  pickupClose: DateTimeParts;
  deliveryReady: DateTimeParts;
  deliveryClose: DateTimeParts;
  weightUnit: WeightUnitValue;
  dimensionUnit: LengthUnitValue;
  commodities: CommodityForm[];
  references: ReferenceForm[];
  specialInstructions: string;
  billTo: PlaceForm;
  accessorials: number[];
}

export const emptyPlace = (zipCode = ''): PlaceForm => ({
  companyName: '',
  streetAddress: '',
  city: '',
  state: '',
  zipCode,
  country: zipCode ? '' : 'USA',
  timeZone: null,
});

export const emptyCommodity = (): CommodityForm => ({
  description: '',
  pieces: '1',
  weight: '',
  length: '',
  width: '',
  height: '',
  freightClass: '',
  hazardous: false,
  hazmat: null,
});

export const emptyHazmat = (): HazmatForm => ({
  unNumber: '',
  properShippingName: '',
  hazardClass: '',
  packingGroup: 0,
  emergencyContactName: '',
  emergencyContactPhone: '',
});

/** The form as Quick quote opens it: the two ZIPs filled in (000 §2 item 13), an LTL quote with one line. */
export function newOrder(originZip: string | null, destinationZip: string | null): OrderForm {
  return {
    customerOrganizationId: null,
    shipmentType: ShipmentType.values.LTL,
    status: ShipmentStatus.values.Quote,
    origin: emptyPlace(originZip?.trim() ?? ''),
    destination: emptyPlace(destinationZip?.trim() ?? ''),
    pickupReady: NO_DATE_TIME,
    pickupClose: NO_DATE_TIME,
    deliveryReady: NO_DATE_TIME,
    deliveryClose: NO_DATE_TIME,
    weightUnit: WeightUnit.values.Pounds,
    dimensionUnit: LengthUnit.values.Inch,
    commodities: [emptyCommodity()],
    references: [],
    specialInstructions: '',
    billTo: emptyPlace(),
    accessorials: [],
  };
}

/**
 * The shipment types an order page offers (002 §3.1): a customer the domestic ones, all it may order (the
 * service's checkCustomerShipmentType); staff the international ones too, which the service takes from them
 * (decision 0116). Other and Supplemental Insurance Provider are in neither subset.
 */
export function orderShipmentTypes(office: ShipmentOffice) {
  const offered: readonly number[] =
    office === 'backOffice'
      ? [...DomesticShipmentTypes, ...InternationalShipmentTypes]
      : DomesticShipmentTypes;
  return ShipmentType.entries.filter((t) => offered.includes(t.value));
}

/** 002 §3.3's default reference types an order takes (the rest are the broker's, set on the shipment page). */
export const orderReferenceTypes = [
  'ShipperReferenceNumber',
  'PONumber',
  'ReleaseNumber',
  'QuoteNumber',
  'SecondaryBOLNumber',
  'CustomReferenceNumber',
  'CustomReferenceNumber2',
  'AppointmentConfirmationNumber',
  'InsuranceDeclaredValue',
].map((code) => ShipmentReferenceType.fromCode(code)!);

/** Quote or Committed: what an order is saved at (issue 17 item 1). */
export const orderStatuses = [ShipmentStatus.byCode.Quote, ShipmentStatus.byCode.Committed];

// ---------------------------------------------------------------------------------------------------------
// The ZIP lookup (000 §5): an empty zip clears city and state and sets the country to the USA; an unknown
// one clears them too (the page warns 'Invalid ZIP code.'); a known one fills them.

export interface ZipFound {
  zip: string;
  city: string;
  state: string;
  country: string;
  timeZone?: string | null;
}

export function withZipLookup(place: PlaceForm, zip: string, found: ZipFound | null | undefined): PlaceForm {
  if (zip.trim() === '')
    return { ...place, zipCode: '', city: '', state: '', country: 'USA', timeZone: null };
  if (!found) return { ...place, zipCode: zip, city: '', state: '', timeZone: null };
  return {
    ...place,
    zipCode: zip,
    city: found.city,
    state: found.state,
    country: found.country,
    timeZone: found.timeZone ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Class from density (000 §5, 002 §9): the calculator's rule on the broker's scale, inline on each line.

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

export interface CommodityClass {
  /** what is shown: the chosen class, else the class from density, else null (no dimensions yet) */
  freightClass: number | null;
  fromDensity: boolean;
  density: number | null;
}

export function commodityClass(
  c: CommodityForm,
  units: { weightUnit: WeightUnitValue; dimensionUnit: LengthUnitValue },
  scale: DensityScaleId,
): CommodityClass {
  if (c.freightClass !== '')
    return { freightClass: Number(c.freightClass), fromDensity: false, density: null };
  const result = calculateFreightClass({
    pieces: c.pieces,
    length: num(c.length),
    width: num(c.width),
    height: num(c.height),
    dimensionUnit: units.dimensionUnit,
    weight: num(c.weight),
    weightUnit: units.weightUnit,
    scale,
  });
  const known = result.density !== null && result.totalWeightLb > 0;
  return { freightClass: known ? result.freightClass : null, fromDensity: known, density: result.density };
}

export const freightClassName = (value: number | null) =>
  value === null ? '—' : (FreightClass.nameOf(value) ?? String(value));

// ---------------------------------------------------------------------------------------------------------
// Accessorial 46 (002 §3.5, 001 §2): checking it marks the commodity hazardous; the back office then opens
// the hazmat modal for it, the front office only sets the flag. Unchecking clears the flag and the details.

export interface AccessorialToggle {
  form: OrderForm;
  /** the commodity whose hazmat modal opens (back office), or null */
  hazmatFor: number | null;
}

export function toggleAccessorial(
  form: OrderForm,
  accessorialId: number,
  checked: boolean,
  office: ShipmentOffice,
): AccessorialToggle {
  const accessorials = checked
    ? [...new Set([...form.accessorials, accessorialId])]
    : form.accessorials.filter((id) => id !== accessorialId);
  if (accessorialId !== HAZARDOUS_ACCESSORIAL_ID) return { form: { ...form, accessorials }, hazmatFor: null };
  if (!checked) {
    const commodities = form.commodities.map((c) => ({ ...c, hazardous: false, hazmat: null }));
    return { form: { ...form, accessorials, commodities }, hazmatFor: null };
  }
  // The first line is the one marked unless another already is; the user moves the flag on the lines.
  const marked = form.commodities.findIndex((c) => c.hazardous);
  const index = marked >= 0 ? marked : 0;
  const commodities = form.commodities.map((c, i) => (i === index ? { ...c, hazardous: true } : c));
  return {
    form: { ...form, accessorials, commodities },
    hazmatFor: office === 'backOffice' && form.commodities.length > 0 ? index : null,
  };
}

/** A line's hazmat flag changed by hand: accessorial 46 follows whether any line is hazardous. */
export function withCommodityHazardous(form: OrderForm, index: number, hazardous: boolean): OrderForm {
  const commodities = form.commodities.map((c, i) =>
    i === index ? { ...c, hazardous, hazmat: hazardous ? c.hazmat : null } : c,
  );
  const any = commodities.some((c) => c.hazardous);
  const others = form.accessorials.filter((id) => id !== HAZARDOUS_ACCESSORIAL_ID);
  return { ...form, commodities, accessorials: any ? [...others, HAZARDOUS_ACCESSORIAL_ID] : others };
}

/** The pickup ready moved after the close takes the close to its date (000 §5), as on the edit pages. */
export function withPickupReadyDate(form: OrderForm, ready: DateTimeParts, today: string): OrderForm {
  const times = withPickupReady(
    {
      ready: form.pickupReady,
      close: form.pickupClose,
      appointmentBegin: NO_DATE_TIME,
      appointmentEnd: NO_DATE_TIME,
      actualArrival: NO_DATE_TIME,
      actualDeparture: NO_DATE_TIME,
    },
    ready,
    today,
  );
  return { ...form, pickupReady: times.ready, pickupClose: times.close };
}

// ---------------------------------------------------------------------------------------------------------
// Problems shown before the call, keyed like the service's (`commodities.0.weight`), and the body.

export type Problems = Record<string, string>;

export function orderProblems(form: OrderForm, office: ShipmentOffice, today: string): Problems {
  const problems: Problems = {};
  if (office === 'backOffice' && !form.customerOrganizationId)
    problems.customerOrganizationId = 'Choose the customer.';
  if (!form.origin.zipCode.trim()) problems['origin.zipCode'] = 'Origin ZIP is required.';
  if (!form.destination.zipCode.trim()) problems['destination.zipCode'] = 'Destination ZIP is required.';
  const pickup = pickupProblems(
    {
      ready: form.pickupReady,
      close: form.pickupClose,
      appointmentBegin: NO_DATE_TIME,
      appointmentEnd: NO_DATE_TIME,
      actualArrival: NO_DATE_TIME,
      actualDeparture: NO_DATE_TIME,
    },
    today,
  );
  for (const p of pickup) problems[p.field === 'ready' ? 'pickupReady' : 'pickupClose'] = p.message;
  const delivery = deliveryProblems(
    {
      estimated: form.deliveryReady,
      close: form.deliveryClose,
      appointmentBegin: NO_DATE_TIME,
      appointmentEnd: NO_DATE_TIME,
      podArrival: NO_DATE_TIME,
      podDeparture: NO_DATE_TIME,
    },
    today,
  );
  for (const p of delivery) problems.deliveryReady = p.message;
  if (form.commodities.length === 0) problems.commodities = 'Add at least one commodity.';
  form.commodities.forEach((c, i) => {
    if (!c.description.trim()) problems[`commodities.${i}.description`] = 'Description is required.';
    const pieces = Number(c.pieces);
    if (!Number.isInteger(pieces) || pieces < 1)
      problems[`commodities.${i}.pieces`] = 'Pieces must be a whole number of at least 1.';
    if (!(Number(c.weight) > 0)) problems[`commodities.${i}.weight`] = 'Weight must be more than 0.';
    if (office === 'backOffice' && c.hazardous && !c.hazmat)
      problems[`commodities.${i}.hazmat`] = 'Enter the hazmat details.';
  });
  form.references.forEach((r, i) => {
    if (!r.value.trim()) problems[`referenceNumbers.${i}.value`] = 'Enter the reference number or remove it.';
  });
  return problems;
}

const text = (s: string) => (s.trim() === '' ? null : s.trim());
const measure = (s: string) => (s.trim() === '' ? null : Number(s));

const placeBody = (p: PlaceForm) => ({
  companyName: text(p.companyName),
  streetAddress: text(p.streetAddress),
  city: text(p.city),
  state: text(p.state),
  zipCode: text(p.zipCode),
  country: text(p.country),
});

/** POST /api/shipments's body; the class goes only when chosen or computed here (decision 0091). */
export function orderBody(form: OrderForm, office: ShipmentOffice, today: string, scale: DensityScaleId) {
  const billTo = placeBody(form.billTo);
  // the origin's offset at its pickup, or today without one (000 §4: the pickup-date-passed check runs in it);
  // unknown without a zone
  const pickupAt = localIsoOf(form.pickupReady, today) ?? `${today}T12:00`;
  const originBaseUTCOffset = form.origin.timeZone ? offsetHoursAt(form.origin.timeZone, pickupAt) : null;
  const hasBillTo = billTo.companyName !== null || billTo.streetAddress !== null || billTo.city !== null;
  return {
    ...(office === 'backOffice' && form.customerOrganizationId
      ? { customerOrganizationId: form.customerOrganizationId }
      : {}),
    shipmentType: form.shipmentType,
    status: form.status,
    ...(originBaseUTCOffset !== null ? { originBaseUTCOffset } : {}),
    weightUnit: form.weightUnit,
    dimensionUnit: form.dimensionUnit,
    stops: [
      {
        stopType: 'FirstPick',
        ...placeBody(form.origin),
        scheduledReadyDateTime: localIsoOf(form.pickupReady, today),
        scheduledCloseDateTime: localIsoOf(form.pickupClose, today),
      },
      {
        stopType: 'LastDrop',
        ...placeBody(form.destination),
        scheduledReadyDateTime: localIsoOf(form.deliveryReady, today),
        scheduledCloseDateTime: localIsoOf(form.deliveryClose, today),
      },
    ],
    commodities: form.commodities.map((c) => ({
      description: c.description.trim(),
      pieces: Number(c.pieces),
      weight: Number(c.weight),
      length: measure(c.length),
      width: measure(c.width),
      height: measure(c.height),
      freightClass: commodityClass(c, form, scale).freightClass,
      hazardous: c.hazardous,
      hazmat: c.hazardous && c.hazmat ? { ...c.hazmat } : null,
    })),
    referenceNumbers: form.references.map((r) => ({ referenceType: r.referenceType, value: r.value.trim() })),
    specialInstructions: text(form.specialInstructions),
    billTo: hasBillTo ? billTo : null,
    accessorials: form.accessorials,
  };
}

/** A message shown under its field need not name it: "stops.0.companyName must be…" reads "Must be…". */
function withoutField(message: string, key: string): string {
  if (!message.startsWith(`${key} `)) return message;
  const rest = message.slice(key.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The service's field errors (000 §5: the `model.` entries, `fieldMessages`) under the form's keys: the stops
 * become origin and destination, their times the window fields.
 */
export function problemsFromErrors(byField: Record<string, readonly string[]>): Problems {
  const problems: Problems = {};
  for (const [key, messages] of Object.entries(byField)) {
    const field = key
      .replace(/^stops\.0\.scheduledReadyDateTime$/, 'pickupReady')
      .replace(/^stops\.0\.scheduledCloseDateTime$/, 'pickupClose')
      .replace(/^stops\.1\.scheduledReadyDateTime$/, 'deliveryReady')
      .replace(/^stops\.1\.scheduledCloseDateTime$/, 'deliveryClose')
      .replace(/^stops\.0\./, 'origin.')
      .replace(/^stops\.1\./, 'destination.');
    problems[field] = messages.map((m) => withoutField(m, key)).join(' ');
  }
  return problems;
}
