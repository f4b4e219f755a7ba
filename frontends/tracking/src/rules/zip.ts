// The ZIP input's behaviour (000 §5): an empty ZIP clears city and state and sets the country to the
// USA; an unknown ZIP warns 'Invalid ZIP code.' and clears the fields unless invalid ZIPs are allowed;
// a known one fills city, state and country. Pure.
import { Country, EMPTY_ZIP_DEFAULT_COUNTRY, messages } from '@loadline/contracts';
import type { ZipLookup } from '../api/types.ts';

export interface AddressFields {
  zipCode: string;
  city: string;
  state: string;
  country: string;
}

export type ZipOutcome = { fields: AddressFields; warning: string | null; lookUp: boolean };

const usa = Country.codeOf(EMPTY_ZIP_DEFAULT_COUNTRY) ?? 'USA';

/** Before any call: an empty ZIP is settled at once; anything else is looked up. */
export function onZipEntered(fields: AddressFields): ZipOutcome {
  if (fields.zipCode.trim() === '')
    return {
      fields: { ...fields, zipCode: '', city: '', state: '', country: usa },
      warning: null,
      lookUp: false,
    };
  return { fields, warning: null, lookUp: true };
}

/** After the lookup: fill from the place, or warn and (unless allowed) clear. */
export function onZipLookedUp(
  fields: AddressFields,
  place: ZipLookup | null,
  allowInvalid = false,
): ZipOutcome {
  if (place)
    return {
      fields: { ...fields, city: place.city, state: place.state, country: place.country },
      warning: null,
      lookUp: false,
    };
  return {
    fields: allowInvalid ? fields : { ...fields, zipCode: '', city: '', state: '' },
    warning: messages.zip.invalid,
    lookUp: false,
  };
}
