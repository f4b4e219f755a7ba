// The broker's carrier list (decision 0118): the limits its request schema states and its page asks within.

/** Ours: the largest page the carrier list answers (the Carriers page asks for the pager's default 100). */
export const CARRIER_LIST_MAX_PAGE_SIZE = 200;

/** Ours: the longest search text of the carrier list (the start of a name, SCAC, MC or DOT number). */
export const CARRIER_LIST_SEARCH_MAX = 100;
