// A shipment's bill-to (000 §3 "Bill-to": shipmentId, transitLegId plus address fields; 000 §7
// shipmentbillto). Pure.
//
// Ours: an invoice is mailed to it, so a bill-to needs a street address and a city, and in the USA
// (or with no country, which counts as the USA, as an empty zip does in 000 §5) a state and a zip
// code too. Text is trimmed; empty text is no value.
import { Country, EMPTY_ZIP_DEFAULT_COUNTRY } from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';

export interface BillToAddress {
  companyName: string | null;
  streetAddress: string | null;
  streetAddressTwo: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}

export const defaultCountry: string = Country.codeOf(EMPTY_ZIP_DEFAULT_COUNTRY)!;

const clean = (text: string | null | undefined): string | null => {
  const t = text?.trim() ?? '';
  return t === '' ? null : t;
};

export function normalizeBillTo(input: Partial<Record<keyof BillToAddress, string | null>>): BillToAddress {
  return {
    companyName: clean(input.companyName),
    streetAddress: clean(input.streetAddress),
    streetAddressTwo: clean(input.streetAddressTwo),
    city: clean(input.city),
    state: clean(input.state)?.toUpperCase() ?? null,
    zipCode: clean(input.zipCode),
    country: clean(input.country) ?? defaultCountry,
  };
}

export function checkBillTo(address: BillToAddress): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!address.streetAddress)
    problems.push({ field: 'streetAddress', message: 'Street address is required.' });
  if (!address.city) problems.push({ field: 'city', message: 'City is required.' });
  if (address.country === defaultCountry) {
    if (!address.state) problems.push({ field: 'state', message: 'State is required.' });
    if (!address.zipCode) problems.push({ field: 'zipCode', message: 'ZIP code is required.' });
    else if (!/^\d{5}(-\d{4})?$/.test(address.zipCode)) {
      problems.push({ field: 'zipCode', message: 'ZIP code must be 5 digits (or ZIP+4).' });
    }
  }
  return problems;
}
