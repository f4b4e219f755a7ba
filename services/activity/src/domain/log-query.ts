// GET /api/activitylog's query (000 §7: activityType, shipmentId, recordCount, startIndex, getRemaining)
// and the 000 §4 filters (type group, pinned only, non-system notes), as criteria the store applies. Pure.
import { SHIPMENT_ACTIVITY_PAGE_SIZE, ShipmentActivityType } from '@loadline/contracts/catalogue';
import { ACTIVITY_LOG_REMAINING_MAX } from '@loadline/contracts/rules/activity';

/** The type filter: one type, or System Note (entries by a user name starting with "System", 000 §4). */
export type TypeCriterion =
  | { kind: 'all' }
  | { kind: 'type'; activityType: number }
  | { kind: 'systemNotes' };

export interface LogCriteria {
  type: TypeCriterion;
  pinnedOnly: boolean;
  /** 000 §4: non-system notes exclude entries whose user name starts with System */
  nonSystemOnly: boolean;
  offset: number;
  limit: number;
}

export interface LogQuery {
  activityType?: number | undefined;
  systemNotes?: boolean | undefined;
  pinnedOnly?: boolean | undefined;
  nonSystemOnly?: boolean | undefined;
  recordCount?: number | undefined;
  startIndex?: number | undefined;
  getRemaining?: boolean | undefined;
}

export function logCriteria(query: LogQuery): LogCriteria {
  const type: TypeCriterion = query.systemNotes
    ? { kind: 'systemNotes' }
    : query.activityType === undefined || query.activityType === ShipmentActivityType.values.All
      ? { kind: 'all' }
      : { kind: 'type', activityType: query.activityType };
  return {
    type,
    pinnedOnly: query.pinnedOnly === true,
    nonSystemOnly: query.nonSystemOnly === true,
    offset: query.startIndex ?? 0,
    // 000 §4: the latest 50 first; getRemaining loads the rest.
    limit: query.getRemaining
      ? ACTIVITY_LOG_REMAINING_MAX
      : (query.recordCount ?? SHIPMENT_ACTIVITY_PAGE_SIZE),
  };
}

/**
 * The edit-status modal's "operation notes" (000 §7 getOperationNotes): what happened to the load on the
 * road and at the desk, i.e. Operations notes (check calls, dispatch outcomes) and Status Change entries
 * (ours: 000 leaves the list's content open).
 */
export const operationNoteTypes: readonly number[] = Object.freeze([
  ShipmentActivityType.values.Operations,
  ShipmentActivityType.values.StatusChange,
]);
