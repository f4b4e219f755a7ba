// Tracking's batch limits (ours: the spec names none): what a screen or an integration may send at once. Pure.

/** The most shipments one tracking status request (001 §2, §7) may name. */
export const TRACKING_REQUEST_MAX_SHIPMENTS = 200;

/** The most check calls one batch (002 §3.1) may carry. */
export const CHECK_CALL_BATCH_MAX = 1000;
