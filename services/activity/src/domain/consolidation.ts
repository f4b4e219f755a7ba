// Pushing a consolidation parent's activity to its child shipments (000 §4, §7 consolidation/activity).
// Each parent entry is copied once to each child (pushing twice adds nothing); a copy keeps the entry's type,
// text, author and date and names the parent it came from. Pure.
//
// Who may read a copy (decision 0025): a consolidation can hold several customers' freight. A child whose
// customer is not the parent's gets Public entries as Private, so that customer never reads another
// customer's notes; the broker's staff still see them, and may make one Public on purpose. A child of the
// parent's own customer keeps each entry's level.
import { AccessLevel, type AccessLevelValue } from '@loadline/contracts/catalogue';

export function consolidationProblem(children: readonly number[], shipmentId: number): string | undefined {
  return children.length === 0
    ? `Shipment ${shipmentId} is not the parent of a consolidation: it has no child shipments.`
    : undefined;
}

/** The access level a pushed copy arrives with on a child shipment. */
export function pushedAccessLevel(level: AccessLevelValue, sameCustomer: boolean): AccessLevelValue {
  return !sameCustomer && level === AccessLevel.values.Public ? AccessLevel.values.Private : level;
}
