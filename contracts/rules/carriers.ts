// The broker's carrier list (decision 0118): the limits its request schema states and its page asks within.

/** Ours: the largest page the carrier list answers (the Carriers page asks for the pager's default 100). */
export const CARRIER_LIST_MAX_PAGE_SIZE = 200;

/** Ours: the longest search text of the carrier list (the start of a name, SCAC, MC or DOT number). */
export const CARRIER_LIST_SEARCH_MAX = 100;

/**
 * Ours: the columns the carrier list sorts by. `insuranceExpiry` is the date the carrier's insurance status
 * turns on (the earliest of its coverages' latest expiry dates), so it orders by insurance status too; a
 * carrier with no insurance on file counts as the earliest. `city` is the city, then the state.
 */
export const CARRIER_LIST_SORTS = ['name', 'status', 'insuranceExpiry', 'city'] as const;
export type CarrierListSort = (typeof CARRIER_LIST_SORTS)[number];

export const CARRIER_LIST_DIRECTIONS = ['asc', 'desc'] as const;
export type CarrierListDirection = (typeof CARRIER_LIST_DIRECTIONS)[number];

/** The list's order when none is asked for: by name, A to Z (ties by carrier master id). */
export const CARRIER_LIST_DEFAULT_SORT: CarrierListSort = 'name';
export const CARRIER_LIST_DEFAULT_DIRECTION: CarrierListDirection = 'asc';

/** Ours: the most carriers one CSV export holds; past it the file is cut and its headers say so. */
export const CARRIER_LIST_EXPORT_MAX_ROWS = 5_000;
