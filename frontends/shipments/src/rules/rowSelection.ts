// The back-office grid's row selection (for the bulk email sender, 001 §2): shipment ids in the order they
// were picked, kept while the user pages, sorts and searches, so a selection can span pages. Pure.

/** How much of the page shown is selected: the header checkbox is unchecked, mixed or checked. */
export type PageSelection = 'none' | 'some' | 'all';

/** Picks or unpicks one shipment. */
export function toggleShipment(selected: readonly number[], shipmentId: number, on: boolean): number[] {
  const without = selected.filter((id) => id !== shipmentId);
  return on ? [...without, shipmentId] : without;
}

/** How much of this page's shipments are selected (an empty page: none). */
export function pageSelection(selected: readonly number[], pageIds: readonly number[]): PageSelection {
  const picked = pageIds.filter((id) => selected.includes(id)).length;
  if (picked === 0) return 'none';
  return picked === pageIds.length ? 'all' : 'some';
}

/**
 * The header checkbox: with the whole page selected it unpicks the page's shipments; otherwise it picks
 * those not yet picked. Shipments picked on other pages stay as they are.
 */
export function togglePage(selected: readonly number[], pageIds: readonly number[]): number[] {
  if (pageSelection(selected, pageIds) === 'all') return selected.filter((id) => !pageIds.includes(id));
  return [...selected, ...pageIds.filter((id) => !selected.includes(id))];
}
