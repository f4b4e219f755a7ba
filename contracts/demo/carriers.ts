// The demo carriers' master details and the demo broker's relation to each (issue 7): the carriers on
// the demo shipments' legs (`demoCarriers` in shipments.ts, same ids) with MC and DOT numbers,
// authority, insurances current, expiring and expired, contacts, preferred regions, terminals and the
// audits of past loads behind their scores. The carriers service seeds them; other services may refer
// to the same ids (e.g. the carrier activity log by carrierMasterId). Dates are days from the day of
// the first seeding, so the insurance statuses read the same whenever the demo starts.
import {
  BrokerCarrierStatus,
  type BrokerCarrierStatusValue,
  CarrierAuthority,
  DotStatus,
  TsaCompliance,
} from '../catalogue/carrier.ts';
import { demoBroker } from './index.ts';
import { type DemoCarrier, demoCarriers } from './shipments.ts';

type CarrierId = DemoCarrier['carrierMasterId'];

export interface DemoCarrierMaster {
  carrierMasterId: CarrierId;
  mcNumber: string;
  dotNumber: string;
  /** 002 §3.1 authority: None 0, Active 1, Inactive 2 */
  authority: number;
  /** 002 §3.1 DOT status: Inactive 0, Active 1 */
  dotStatus: number;
  /** 002 §3.1 TSA compliance: NonCompliant 0, Compliant 1, Partial 2 */
  tsaCompliance: number;
  /** 002 §3.7 carrier rating (a code: the spec gives no numbers) */
  carrierRating: 'NotRated' | 'Conditional' | 'Satisfactory' | 'Unsatisfactory';
  email: string;
  city: string;
  state: string;
  zipCode: string;
}

const A = CarrierAuthority.values;
const D = DotStatus.values;
const Tsa = TsaCompliance.values;

export const demoCarrierMasters: readonly DemoCarrierMaster[] = [
  {
    carrierMasterId: 'car_demo_oldline',
    mcNumber: 'MC-612407',
    dotNumber: '2214570',
    authority: A.Active,
    dotStatus: D.Active,
    tsaCompliance: Tsa.Compliant,
    carrierRating: 'Satisfactory',
    email: 'dispatch@oldline.example',
    city: 'Dayton',
    state: 'OH',
    zipCode: '45414',
  },
  {
    carrierMasterId: 'car_demo_prairie',
    mcNumber: 'MC-733918',
    dotNumber: '2650133',
    authority: A.Active,
    dotStatus: D.Active,
    tsaCompliance: Tsa.Partial,
    carrierRating: 'Satisfactory',
    email: 'ops@prairie-express.example',
    city: 'Kansas City',
    state: 'MO',
    zipCode: '64120',
  },
  {
    carrierMasterId: 'car_demo_bluewater',
    mcNumber: 'MC-845120',
    dotNumber: '3011876',
    authority: A.Active,
    dotStatus: D.Active,
    tsaCompliance: Tsa.NonCompliant,
    carrierRating: 'NotRated',
    email: 'loads@bluewater.example',
    city: 'Savannah',
    state: 'GA',
    zipCode: '31408',
  },
  {
    carrierMasterId: 'car_demo_summit',
    mcNumber: 'MC-590264',
    dotNumber: '1987342',
    authority: A.Active,
    dotStatus: D.Active,
    tsaCompliance: Tsa.NonCompliant,
    carrierRating: 'Conditional',
    email: 'dispatch@summit-carriers.example',
    city: 'Denver',
    state: 'CO',
    zipCode: '80216',
  },
  {
    carrierMasterId: 'car_demo_coastal',
    mcNumber: 'MC-902771',
    dotNumber: '3390412',
    authority: A.Active,
    dotStatus: D.Active,
    tsaCompliance: Tsa.Compliant,
    carrierRating: 'NotRated',
    email: 'drayage@coastal.example',
    city: 'Long Beach',
    state: 'CA',
    zipCode: '90802',
  },
];

export interface DemoInsurance {
  brokerCarrierInsuranceId: string;
  insuranceType: string;
  insurerName: string;
  policyNumber: string;
  coverageAmount: number;
  /** the expiration date is this many days after the day of the first seeding */
  expiresInDays: number;
}

export interface DemoContact {
  contactId: string;
  /** 002 §3.1 contact type (a code) */
  contactType: 'Driver' | 'Terminal' | 'Dispatcher' | 'Airport' | 'Sales' | 'Accounting' | 'Other';
  name: string;
  phone: string | null;
  email: string | null;
}

export interface DemoBrokerCarrier {
  brokerCarrierId: string;
  brokerId: string;
  carrierMasterId: CarrierId;
  /** 002 §3.7 broker carrier status */
  status: BrokerCarrierStatusValue;
  inherited: boolean;
  favorite: boolean;
  portalLink: string | null;
  /** 002 §3.1 regions (codes) with the preferred direction (Inbound, Outbound, Both) */
  preferredRegions: readonly { region: string; type: 'Inbound' | 'Outbound' | 'Both' }[];
  contacts: readonly DemoContact[];
  insurances: readonly DemoInsurance[];
}

const broker = demoBroker.organizationId;
const Enabled = BrokerCarrierStatus.values.Enabled;

/**
 * The demo broker's carriers. Insurances: Old Line all current; Prairie's auto liability expiring in
 * 30 days; Bluewater's cargo expiring in 10 days; Summit's auto liability expired (out of compliance);
 * Coastal has none on file (out of compliance). Bluewater is inherited (no favorite can be set).
 */
export const demoBrokerCarriers: readonly DemoBrokerCarrier[] = [
  {
    brokerCarrierId: 'bcr_demo_oldline',
    brokerId: broker,
    carrierMasterId: 'car_demo_oldline',
    status: Enabled,
    inherited: false,
    favorite: true,
    portalLink: 'https://carriers.loadline.example/portal/bcr_demo_oldline',
    preferredRegions: [
      { region: 'Midwest', type: 'Both' },
      { region: 'CentralPlains', type: 'Inbound' },
      { region: 'Northeast', type: 'Outbound' },
      { region: 'SouthCentral', type: 'Inbound' },
    ],
    contacts: [
      {
        contactId: 'cct_demo_oldline_1',
        contactType: 'Dispatcher',
        name: 'Rita Nolan',
        phone: '(555) 010-2101',
        email: 'dispatch@oldline.example',
      },
      {
        contactId: 'cct_demo_oldline_2',
        contactType: 'Accounting',
        name: 'Glen Fischer',
        phone: '(555) 010-2102',
        email: 'ap@oldline.example',
      },
    ],
    insurances: [
      {
        brokerCarrierInsuranceId: 'ins_demo_oldline_auto',
        insuranceType: 'Auto Liability',
        insurerName: 'Great Plains Mutual',
        policyNumber: 'AL-4471902',
        coverageAmount: 1_000_000,
        expiresInDays: 200,
      },
      {
        brokerCarrierInsuranceId: 'ins_demo_oldline_cargo',
        insuranceType: 'Cargo',
        insurerName: 'Great Plains Mutual',
        policyNumber: 'CG-4471903',
        coverageAmount: 100_000,
        expiresInDays: 150,
      },
    ],
  },
  {
    brokerCarrierId: 'bcr_demo_prairie',
    brokerId: broker,
    carrierMasterId: 'car_demo_prairie',
    status: Enabled,
    inherited: false,
    favorite: false,
    portalLink: 'https://carriers.loadline.example/portal/bcr_demo_prairie',
    preferredRegions: [
      { region: 'CentralPlains', type: 'Both' },
      { region: 'SouthCentral', type: 'Both' },
      { region: 'RockyMountain', type: 'Outbound' },
      { region: 'GreatLakes', type: 'Inbound' },
    ],
    contacts: [
      {
        contactId: 'cct_demo_prairie_1',
        contactType: 'Dispatcher',
        name: 'Marco Diaz',
        phone: '(555) 010-2201',
        email: 'ops@prairie-express.example',
      },
    ],
    insurances: [
      {
        brokerCarrierInsuranceId: 'ins_demo_prairie_auto',
        insuranceType: 'Auto Liability',
        insurerName: 'Heartland Casualty',
        policyNumber: 'HC-88120',
        coverageAmount: 1_000_000,
        expiresInDays: 25,
      },
      {
        brokerCarrierInsuranceId: 'ins_demo_prairie_cargo',
        insuranceType: 'Cargo',
        insurerName: 'Heartland Casualty',
        policyNumber: 'HC-88121',
        coverageAmount: 150_000,
        expiresInDays: 300,
      },
    ],
  },
  {
    brokerCarrierId: 'bcr_demo_bluewater',
    brokerId: broker,
    carrierMasterId: 'car_demo_bluewater',
    status: Enabled,
    inherited: true,
    favorite: false,
    portalLink: null,
    preferredRegions: [
      { region: 'Southeast', type: 'Both' },
      { region: 'MidAtlantic', type: 'Both' },
      { region: 'NewEngland', type: 'Inbound' },
    ],
    contacts: [
      {
        contactId: 'cct_demo_bluewater_1',
        contactType: 'Dispatcher',
        name: 'Tasha Green',
        phone: '(555) 010-2301',
        email: 'loads@bluewater.example',
      },
      {
        contactId: 'cct_demo_bluewater_2',
        contactType: 'Terminal',
        name: 'Savannah terminal',
        phone: '(555) 010-2302',
        email: null,
      },
    ],
    insurances: [
      {
        brokerCarrierInsuranceId: 'ins_demo_bluewater_auto',
        insuranceType: 'Auto Liability',
        insurerName: 'Atlantic Indemnity',
        policyNumber: 'AI-230017',
        coverageAmount: 1_000_000,
        expiresInDays: 90,
      },
      {
        brokerCarrierInsuranceId: 'ins_demo_bluewater_cargo',
        insuranceType: 'Cargo',
        insurerName: 'Atlantic Indemnity',
        policyNumber: 'AI-230018',
        coverageAmount: 100_000,
        expiresInDays: 7,
      },
    ],
  },
  {
    brokerCarrierId: 'bcr_demo_summit',
    brokerId: broker,
    carrierMasterId: 'car_demo_summit',
    status: Enabled,
    inherited: false,
    favorite: false,
    portalLink: null,
    preferredRegions: [
      { region: 'RockyMountain', type: 'Both' },
      { region: 'PacificCoast', type: 'Inbound' },
    ],
    contacts: [
      {
        contactId: 'cct_demo_summit_1',
        contactType: 'Dispatcher',
        name: 'Owen Bright',
        phone: null,
        email: 'dispatch@summit-carriers.example',
      },
    ],
    insurances: [
      {
        brokerCarrierInsuranceId: 'ins_demo_summit_auto',
        insuranceType: 'Auto Liability',
        insurerName: 'Front Range Insurance',
        policyNumber: 'FR-55102',
        coverageAmount: 750_000,
        expiresInDays: -5,
      },
      {
        brokerCarrierInsuranceId: 'ins_demo_summit_cargo',
        insuranceType: 'Cargo',
        insurerName: 'Front Range Insurance',
        policyNumber: 'FR-55103',
        coverageAmount: 100_000,
        expiresInDays: 120,
      },
    ],
  },
  {
    brokerCarrierId: 'bcr_demo_coastal',
    brokerId: broker,
    carrierMasterId: 'car_demo_coastal',
    status: Enabled,
    inherited: false,
    favorite: false,
    portalLink: null,
    preferredRegions: [{ region: 'PacificCoast', type: 'Both' }],
    contacts: [
      {
        contactId: 'cct_demo_coastal_1',
        contactType: 'Dispatcher',
        name: 'Luis Ortega',
        phone: '(555) 010-2501',
        email: 'drayage@coastal.example',
      },
    ],
    insurances: [],
  },
];

/** A carrier's terminal and the 3-digit ZIP prefixes it serves (for GET /Order/Terminals). */
export interface DemoTerminal {
  terminalId: string;
  carrierMasterId: CarrierId;
  code: string;
  name: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  contactName: string;
  servedZipPrefixes: readonly string[];
}

const terminal = (
  carrierMasterId: CarrierId,
  code: string,
  city: string,
  state: string,
  streetAddress: string,
  zipCode: string,
  phone: string,
  contactName: string,
  servedZipPrefixes: readonly string[],
): DemoTerminal => ({
  terminalId: `trm_demo_${carrierMasterId.slice(9)}_${code.toLowerCase()}`,
  carrierMasterId,
  code,
  name: `${city} terminal`,
  streetAddress,
  city,
  state,
  zipCode,
  phone,
  contactName,
  servedZipPrefixes,
});

/** Terminals on the demo lanes each carrier runs (contracts/demo/shipments.ts `demoLanes`). */
export const demoTerminals: readonly DemoTerminal[] = [
  terminal(
    'car_demo_oldline',
    'DAY',
    'Dayton',
    'OH',
    '2750 Valley Pike',
    '45404',
    '(555) 010-3101',
    'Ken Mills',
    ['450', '453', '454', '455'],
  ),
  terminal(
    'car_demo_oldline',
    'CHI',
    'Chicago',
    'IL',
    '4500 S Pulaski Rd',
    '60632',
    '(555) 010-3102',
    'Ana Ruiz',
    ['600', '606', '607', '608'],
  ),
  terminal('car_demo_oldline', 'DEN', 'Denver', 'CO', '5200 Race St', '80216', '(555) 010-3103', 'Kim Le', [
    '800',
    '802',
    '803',
  ]),
  terminal(
    'car_demo_oldline',
    'MKC',
    'Kansas City',
    'MO',
    '1400 Guinotte Ave',
    '64120',
    '(555) 010-3104',
    'Dale Hart',
    ['640', '641', '660'],
  ),
  terminal(
    'car_demo_prairie',
    'SAV',
    'Savannah',
    'GA',
    '40 Bourne Ave',
    '31408',
    '(555) 010-3201',
    'Marco Diaz',
    ['313', '314'],
  ),
  terminal(
    'car_demo_prairie',
    'CLT',
    'Charlotte',
    'NC',
    '3300 N Graham St',
    '28206',
    '(555) 010-3202',
    'Eli Ford',
    ['280', '281', '282'],
  ),
  terminal(
    'car_demo_prairie',
    'LGB',
    'Long Beach',
    'CA',
    '2400 E Pacific Coast Hwy',
    '90804',
    '(555) 010-3203',
    'Rae Kim',
    ['907', '908'],
  ),
  terminal(
    'car_demo_prairie',
    'ONT',
    'Ontario',
    'CA',
    '1800 S Milliken Ave',
    '91761',
    '(555) 010-3204',
    'Sol Ruiz',
    ['917'],
  ),
  terminal(
    'car_demo_bluewater',
    'PIT',
    'Pittsburgh',
    'PA',
    '90 Railroad St',
    '15201',
    '(555) 010-3301',
    'Joe Kaplan',
    ['150', '151', '152'],
  ),
  terminal(
    'car_demo_bluewater',
    'DAL',
    'Dallas',
    'TX',
    '3100 Irving Blvd',
    '75247',
    '(555) 010-3302',
    'Maria Solis',
    ['750', '751', '752'],
  ),
  terminal(
    'car_demo_bluewater',
    'DET',
    'Detroit',
    'MI',
    '7600 W Fort St',
    '48209',
    '(555) 010-3303',
    'Nina Patel',
    ['480', '481', '482'],
  ),
  terminal(
    'car_demo_bluewater',
    'ATL',
    'Atlanta',
    'GA',
    '1600 Marietta Blvd',
    '30318',
    '(555) 010-3304',
    'Ray Brooks',
    ['300', '303'],
  ),
  terminal(
    'car_demo_summit',
    'FAT',
    'Fresno',
    'CA',
    '2900 S Cherry Ave',
    '93706',
    '(555) 010-3401',
    'Owen Bright',
    ['936', '937'],
  ),
  terminal(
    'car_demo_summit',
    'PHX',
    'Phoenix',
    'AZ',
    '4400 W Buckeye Rd',
    '85043',
    '(555) 010-3402',
    'Rosa Vega',
    ['850', '852', '853'],
  ),
  terminal(
    'car_demo_summit',
    'PDX',
    'Portland',
    'OR',
    '5800 N Basin Ave',
    '97217',
    '(555) 010-3403',
    'Cal Weber',
    ['970', '972'],
  ),
  terminal(
    'car_demo_summit',
    'OAK',
    'Oakland',
    'CA',
    '1200 Embarcadero',
    '94607',
    '(555) 010-3404',
    'Jo Lin',
    ['945', '946', '947'],
  ),
  terminal(
    'car_demo_coastal',
    'LGB',
    'Long Beach',
    'CA',
    '1000 Pier Ave',
    '90802',
    '(555) 010-3501',
    'Luis Ortega',
    ['907', '908', '917'],
  ),
];

/** One audit of a past load (answers by audit question id; see the carriers service's audit questions). */
export interface DemoAudit {
  auditId: string;
  carrierMasterId: CarrierId;
  /** a past load, numbered below the demo shipments (the shipments service does not hold these) */
  shipmentId: number;
  transitLegId: string;
  category: 'Pickup' | 'Delivery';
  answers: Readonly<Record<string, boolean | number | string>>;
  /** days before the day of the first seeding */
  daysAgo: number;
}

/**
 * Each carrier's answer pattern, cycled over its past loads, so the scores differ by carrier: Old Line
 * near 4.6, Prairie near 3.9, Bluewater near 4.2, Summit near 2.5, Coastal near 4.3.
 */
const audited: Record<
  CarrierId,
  {
    loads: number;
    pickup: readonly Record<string, boolean | number | string>[];
    delivery: readonly Record<string, boolean | number | string>[];
  }
> = {
  car_demo_oldline: {
    loads: 12,
    pickup: [
      { 'pickup-on-time': true, 'pickup-driver': 5, 'pickup-equipment': 'Good' },
      { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
      { 'pickup-on-time': false, 'pickup-driver': 5, 'pickup-equipment': 'Good' },
    ],
    delivery: [
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 5,
        'delivery-paperwork': 'Same day',
      },
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 4,
        'delivery-paperwork': 'Within 2 days',
      },
    ],
  },
  car_demo_prairie: {
    loads: 9,
    pickup: [
      { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Acceptable' },
      { 'pickup-on-time': false, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
    ],
    delivery: [
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 3,
        'delivery-paperwork': 'Within 2 days',
      },
      {
        'delivery-on-time': false,
        'delivery-condition': true,
        'delivery-communication': 4,
        'delivery-paperwork': 'Same day',
      },
    ],
  },
  car_demo_bluewater: {
    loads: 6,
    pickup: [
      { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
      { 'pickup-on-time': true, 'pickup-driver': 3, 'pickup-equipment': 'Acceptable' },
    ],
    delivery: [
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 4,
        'delivery-paperwork': 'Same day',
      },
    ],
  },
  car_demo_summit: {
    loads: 8,
    pickup: [
      { 'pickup-on-time': false, 'pickup-driver': 3, 'pickup-equipment': 'Acceptable' },
      { 'pickup-on-time': true, 'pickup-driver': 2, 'pickup-equipment': 'Poor' },
    ],
    delivery: [
      {
        'delivery-on-time': false,
        'delivery-condition': false,
        'delivery-communication': 2,
        'delivery-paperwork': 'Later',
      },
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 3,
        'delivery-paperwork': 'Within 2 days',
      },
    ],
  },
  car_demo_coastal: {
    loads: 4,
    pickup: [{ 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' }],
    delivery: [
      {
        'delivery-on-time': true,
        'delivery-condition': true,
        'delivery-communication': 3,
        'delivery-paperwork': 'Same day',
      },
    ],
  },
};

/** Past loads of the demo carriers, numbered from 9001, each with a pickup and a delivery audit. */
export const firstDemoPastLoadId = 9001;

export function demoAudits(): DemoAudit[] {
  const audits: DemoAudit[] = [];
  let shipmentId = firstDemoPastLoadId;
  for (const carrier of demoCarriers) {
    const plan = audited[carrier.carrierMasterId];
    for (let i = 0; i < plan.loads; i++, shipmentId++) {
      const transitLegId = `leg_demo_past_${shipmentId}`;
      const daysAgo = 7 + i * 9;
      audits.push(
        {
          auditId: `aud_demo_${shipmentId}_p`,
          carrierMasterId: carrier.carrierMasterId,
          shipmentId,
          transitLegId,
          category: 'Pickup',
          answers: plan.pickup[i % plan.pickup.length]!,
          daysAgo: daysAgo + 2,
        },
        {
          auditId: `aud_demo_${shipmentId}_d`,
          carrierMasterId: carrier.carrierMasterId,
          shipmentId,
          transitLegId,
          category: 'Delivery',
          answers: plan.delivery[i % plan.delivery.length]!,
          daysAgo,
        },
      );
    }
  }
  return audits;
}
