// Pushing a consolidation parent's activity to its child shipments (000 §4, §7 consolidation/activity).
// Each parent entry is copied once to each child (pushing twice adds nothing); a copy keeps the entry's type,
// access level, text, author and date and names the parent it came from. Pure.

export function consolidationProblem(children: readonly number[], shipmentId: number): string | undefined {
  return children.length === 0
    ? `Shipment ${shipmentId} is not the parent of a consolidation: it has no child shipments.`
    : undefined;
}
