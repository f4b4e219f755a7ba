// Use cases other services' events start (the consumers call them inside the transaction that records
// the event): a broker's carrier changed (brokercarrier.changed): kept for the carrier a leg may be given
// (decision 0117), and blocked or unblocked.
import { BrokerCarrierStatus, isPastDelivered } from '@loadline/contracts/catalogue';
import type { BrokerCarrierChangedV1 } from '@loadline/contracts/events';
import type { ShipmentsDeps } from '../service.ts';
import {
  carrierBlockedOnALegOf,
  openCarrierBlockedAlerts,
  raiseCarrierBlockedAlert,
  resolveAlerts,
  saveBrokerCarrier,
  shipmentsWithCarrier,
} from '../store/broker-carriers.ts';
import { type Db, publishUpdated } from '../store/shipments.ts';

/**
 * Raises the carrier-blocked shipment alert (002 §3.4, 218): when a broker blocks a carrier, each of the
 * broker's shipments still under way (not yet delivered, not canceled) with that carrier on a leg gets
 * the alert; when the carrier is no longer blocked, the alert is resolved on those shipments unless
 * another of their legs' carriers is still blocked. Each shipment changed this way publishes
 * shipment.updated (its open alert types). The broker carrier's version keeps the latest status whatever
 * the order of delivery. A shipment created with a carrier already blocked has the alert from its
 * insertion (store/shipments.ts, carrierBlockedOnALeg).
 */
export async function brokerCarrierChanged(
  deps: ShipmentsDeps,
  trx: Db,
  event: BrokerCarrierChangedV1,
): Promise<void> {
  const { brokerId, carrierMasterId, version, status } = event;
  const blocked = status === BrokerCarrierStatus.values.Blocked;
  const carrier = {
    carrierMasterId,
    name: event.carrierMasterName,
    scac: event.scac,
    phone: event.phone ?? null,
    status,
    inCompliance: event.inCompliance,
    // published before reasons were: out of compliance with no reason given (carrierRefusal)
    complianceReasons: event.complianceReasons ?? [],
  };
  const saved = await saveBrokerCarrier(trx, brokerId, carrier, version);
  if (!saved || saved.wasBlocked === blocked) return;
  for (const s of await shipmentsWithCarrier(trx, brokerId, carrierMasterId)) {
    if (isPastDelivered(s.status)) continue;
    const open = await openCarrierBlockedAlerts(trx, s.shipmentId);
    if (blocked) {
      if (open.length > 0) continue;
      await raiseCarrierBlockedAlert(trx, s.shipmentId);
    } else {
      // Another leg's carrier still blocked keeps the alert.
      if (open.length === 0 || (await carrierBlockedOnALegOf(trx, s.shipmentId, brokerId))) continue;
      await resolveAlerts(trx, open);
    }
    await publishUpdated(deps.runtime, trx, s.shipmentId);
  }
}
