// The order's accessorials made charge lines (issue 17 item 2; decision 0098), inside the transaction that
// records the shipment.updated naming them: each accessorial once per shipment (a claim row), in the
// customer's group, at zero until the broker prices it, so the summary shows what is left to rate.
import { TransitOrganizationType } from '@loadline/contracts/catalogue';
import { newId } from '@loadline/platform';
import { type AccessorialToCharge, chargeLineTypeOfAccessorial } from '../domain/accessorial-charges.ts';
import type { ShipmentFacts } from '../domain/model.ts';
import type { AccountingDeps } from '../service.ts';
import {
  claimAccessorialCharge,
  findGroup,
  groupsOf,
  insertChargeLine,
  insertGroup,
} from '../store/charge-lines.ts';
import type { Db } from '../store/views.ts';
import { afterLinesChanged } from './summary.ts';

export async function chargeAccessorials(
  deps: AccountingDeps,
  trx: Db,
  shipment: ShipmentFacts,
  accessorials: readonly AccessorialToCharge[],
): Promise<void> {
  const made: AccessorialToCharge[] = [];
  const ids = new Map<number, string>();
  for (const a of accessorials) {
    const chargeLineId = newId('chl');
    // a line already made (and perhaps deleted by the broker since) is not made again
    if (await claimAccessorialCharge(trx, shipment.shipmentId, a.accessorialId, chargeLineId)) {
      made.push(a);
      ids.set(a.accessorialId, chargeLineId);
    }
  }
  if (made.length === 0) return;
  const payer = shipment.customerOrganizationId;
  let group = (await groupsOf(trx, shipment.shipmentId)).find((g) => g.payerOrganizationId === payer);
  if (!group) {
    const groupId = await insertGroup(trx, {
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      payerOrganizationId: payer,
      transitOrganizationType: TransitOrganizationType.values.EndCustomer,
    });
    group = (await findGroup(trx, groupId))!;
  }
  for (const a of made) {
    await insertChargeLine(trx, {
      chargeLineId: ids.get(a.accessorialId)!,
      groupId: group.groupId,
      shipmentId: shipment.shipmentId,
      brokerId: shipment.brokerId,
      chargeLineType: chargeLineTypeOfAccessorial(a.accessorialType),
      description: a.name,
      buyCents: 0,
      sellCents: 0,
      billingStatus: 'NotReady',
      invoiceStatus: 3,
      invoiceId: null,
      billId: null,
      carrierMasterId: shipment.carrierMasterId,
      carrierMasterName: shipment.carrierMasterName,
      vendorOrganizationId: null,
      vendorName: null,
    });
  }
  await afterLinesChanged(deps, trx, shipment, [payer]);
}
