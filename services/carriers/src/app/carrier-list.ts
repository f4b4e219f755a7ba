// The broker's carrier list (decision 0118): a page of the caller's broker's carriers, searched, filtered
// and in the order asked (stable across pages), each with its compliance and insurance status worked out for
// today; and the same list as a CSV file, up to CARRIER_LIST_EXPORT_MAX_ROWS carriers.
import { CARRIER_LIST_EXPORT_MAX_ROWS } from '@loadline/contracts/rules/carriers';
import { exportingTurnedOff, type Identity, staffOnly } from '@loadline/platform';
import { csvFileName, toCsv } from '@loadline/platform/csv';
import { mayExportBrokerCarriers, mayListBrokerCarriers } from '../domain/access.ts';
import {
  type CarrierListCriteria,
  carrierCsvHeader,
  carrierCsvRow,
  carrierListFilter,
  carrierListItem,
  carrierListOrder,
  carrierListPage,
} from '../domain/carrier-list.ts';
import type { CarriersDeps } from '../service.ts';
import { listBrokerCarrierRows } from '../store/carrier-list.ts';

export async function listBrokerCarriers(
  deps: CarriersDeps,
  caller: Identity,
  criteria: CarrierListCriteria,
) {
  if (!mayListBrokerCarriers(caller)) throw staffOnly();
  const page = carrierListPage(criteria);
  const { rows, totalCount } = await listBrokerCarrierRows(
    deps.runtime.db,
    caller.brokerId,
    carrierListFilter(criteria),
    carrierListOrder(criteria),
    page,
  );
  const today = deps.adapters.clock.today();
  return {
    items: rows.map((row) => carrierListItem(row, today)),
    page: page.page,
    pageSize: page.pageSize,
    totalCount,
    asOf: today,
  };
}

/**
 * The list as a CSV file (the search, filters and order of the page; no paging): the first
 * CARRIER_LIST_EXPORT_MAX_ROWS carriers, with how many matched and how many the file holds.
 */
export async function exportBrokerCarriers(
  deps: CarriersDeps,
  caller: Identity,
  criteria: Omit<CarrierListCriteria, 'page' | 'pageSize'>,
) {
  if (!mayListBrokerCarriers(caller)) throw staffOnly();
  if (!mayExportBrokerCarriers(caller)) throw exportingTurnedOff();
  const { rows, totalCount } = await listBrokerCarrierRows(
    deps.runtime.db,
    caller.brokerId,
    carrierListFilter(criteria),
    carrierListOrder(criteria),
    { offset: 0, pageSize: CARRIER_LIST_EXPORT_MAX_ROWS },
  );
  const today = deps.adapters.clock.today();
  return {
    csv: toCsv(
      carrierCsvHeader,
      rows.map((row) => carrierCsvRow(carrierListItem(row, today))),
    ),
    fileName: csvFileName('carriers'),
    total: totalCount,
    exported: rows.length,
  };
}
