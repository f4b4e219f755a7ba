// The broker's carrier list (decision 0118): a page of the caller's broker's carriers, searched, filtered
// and in a stable order, each with its compliance and insurance status worked out for today.
import { type Identity, staffOnly } from '@loadline/platform';
import { mayListBrokerCarriers } from '../domain/access.ts';
import {
  type CarrierListCriteria,
  carrierListFilter,
  carrierListItem,
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
