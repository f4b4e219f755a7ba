// Spec 002 §3.1 (regions as bit flags with their states, broker-carrier preferred region, region type,
// US states and territories, Canadian provinces, countries), 002 §6.5; 001 §2 (US map of preferred
// regions), 001 §3 (preferred region type None/Inbound/Outbound/Both, region type).

import {
  defineEnum,
  defineFlags,
  defineNamedList,
  type EnumCode,
  type EnumValue,
  type ValueRange,
} from './enum.ts';

/**
 * 002 §3.1: US states and territories, 52 entries, codes AL through WY including DC and GU. The spec
 * gives the value range 0 to 51 but not which state has which value, so the states are a named list
 * (ordered by name, which runs from AL to WY as the spec says) and are referred to by their code.
 */
export const UsState = defineNamedList([
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
]);
export type UsStateCode = EnumCode<typeof UsState>;
/** 002 §3.1: the numeric values of US states run 0 to 51 (per-state values not shown). */
export const UsStateValueRange: ValueRange = Object.freeze({ min: 0, max: 51 });

/** 002 §3.1: Canadian provinces and territories, 13 entries AB through YT (values not shown). */
export const CanadianProvince = defineNamedList([
  { code: 'AB', name: 'Alberta' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
  { code: 'ON', name: 'Ontario' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'QC', name: 'Quebec' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'YT', name: 'Yukon' },
]);
export type CanadianProvinceCode = EnumCode<typeof CanadianProvince>;

/** 002 §3.1: about 250 countries with numeric codes; only these three codes are given. */
export const Country = defineEnum([
  { value: 1, code: 'USA', name: 'USA' },
  { value: 52, code: 'Mexico', name: 'Mexico' },
  { value: 2027, code: 'Canada', name: 'Canada' },
]);
export type CountryValue = EnumValue<typeof Country>;

/**
 * 002 §3.1: regions (bit flags) with their states, exactly as the spec lists them (NJ is in NewEngland).
 * AK, HI and GU are in no region. AllCanada and AllMexico list no states: the spec names them by country.
 */
export const Region = defineFlags([
  { value: 1, code: 'NewEngland', name: 'New England', states: ['ME', 'VT', 'NH', 'MA', 'CT', 'RI', 'NJ'] },
  { value: 2, code: 'Northeast', name: 'Northeast', states: ['NY', 'PA', 'DE'] },
  { value: 4, code: 'MidAtlantic', name: 'Mid-Atlantic', states: ['MD', 'DC', 'VA', 'WV', 'NC', 'SC'] },
  { value: 8, code: 'Southeast', name: 'Southeast', states: ['AL', 'FL', 'GA', 'MS', 'TN'] },
  { value: 16, code: 'Midwest', name: 'Midwest', states: ['KY', 'IN', 'MI', 'OH'] },
  { value: 32, code: 'GreatLakes', name: 'Great Lakes', states: ['MT', 'ND', 'SD', 'MN', 'IA', 'WI'] },
  { value: 64, code: 'CentralPlains', name: 'Central Plains', states: ['IL', 'MO', 'KS', 'NE'] },
  { value: 128, code: 'SouthCentral', name: 'South Central', states: ['TX', 'OK', 'LA', 'AR'] },
  {
    value: 256,
    code: 'RockyMountain',
    name: 'Rocky Mountain',
    states: ['AZ', 'CO', 'ID', 'NM', 'NV', 'UT', 'WY'],
  },
  { value: 512, code: 'PacificCoast', name: 'Pacific Coast', states: ['CA', 'OR', 'WA'] },
  { value: 1024, code: 'AllCanada', name: 'All Canada', states: [] },
  { value: 2048, code: 'AllMexico', name: 'All Mexico', states: [] },
]);
export type RegionValue = EnumValue<typeof Region>;
export type RegionCode = EnumCode<typeof Region>;
export type RegionEntry = (typeof Region.entries)[number];

const regionByState = new Map<string, RegionEntry>();
for (const region of Region.entries) {
  for (const state of region.states as readonly string[]) regionByState.set(state, region);
}
for (const province of CanadianProvince.codes) regionByState.set(province, Region.byCode.AllCanada);

/**
 * The region of a US state code (as listed in 002 §3.1), or AllCanada for a Canadian province code.
 * Case-insensitive. Undefined for AK, HI, GU and unknown codes.
 */
export function regionOfState(stateCode: string): RegionEntry | undefined {
  return regionByState.get(stateCode.trim().toUpperCase());
}

/** The whole-country region of Canada or Mexico (by 002 §3.1 country value). */
export function regionOfCountry(country: number): RegionEntry | undefined {
  if (country === Country.values.Canada) return Region.byCode.AllCanada;
  if (country === Country.values.Mexico) return Region.byCode.AllMexico;
  return undefined;
}

/** Every state code (and province code, for AllCanada) covered by a region mask. */
export function statesInRegions(mask: number): string[] {
  const states: string[] = [];
  for (const region of Region.list(mask)) {
    if (region.code === 'AllCanada') states.push(...CanadianProvince.codes);
    else states.push(...(region.states as readonly string[]));
  }
  return states;
}

/**
 * 002 §3.1: broker-carrier preferred region type. 001 §3 also names None, whose value is not given
 * (Both 3 = Inbound 1 | Outbound 2 suggests None is 0, but that is not stated); it is left out.
 */
export const PreferredRegionType = defineEnum([
  { value: 1, code: 'Inbound', name: 'Inbound' },
  { value: 2, code: 'Outbound', name: 'Outbound' },
  { value: 3, code: 'Both', name: 'Both' },
]);
export type PreferredRegionTypeValue = EnumValue<typeof PreferredRegionType>;

/** 002 §3.1, 001 §3. Values not shown. */
export const RegionType = defineNamedList([
  { code: 'State', name: 'State' },
  { code: 'PostalCode', name: 'Postal Code' },
  { code: 'PostalCodeRange', name: 'Postal Code Range' },
  { code: 'Country', name: 'Country' },
]);
