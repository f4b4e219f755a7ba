// Shipment alerts (000 §7, 002 §3.4): the alert types the screens show (with the open count of each on the
// staff admin page) and a shipment's alerts, open ones first, a lost quote listed first as a system alert.
import { forbidden, type Identity } from '@loadline/platform';
import { alertDefinition, alertDefinitions, lostQuoteAlert } from '../domain/alerts.ts';
import type { ShipmentsDeps } from '../service.ts';
import { lostQuoteDate, openAlertCounts, resolvedDates } from '../store/alerts.ts';
import { getShipment } from './shipments.ts';

export async function alertTypes(deps: ShipmentsDeps, caller: Identity, isAdminPage: boolean | undefined) {
  const definitions = alertDefinitions();
  if (!isAdminPage) return definitions;
  if (caller.kind !== 'staff') throw forbidden('The alerts admin page is for broker staff.');
  const counts = await openAlertCounts(deps.runtime.db, caller.brokerId);
  return definitions.map((d) => ({ ...d, openCount: counts.get(d.type) ?? 0 }));
}

export async function shipmentAlerts(deps: ShipmentsDeps, caller: Identity, shipmentId: number) {
  const { db } = deps.runtime;
  const shipment = await getShipment(deps, caller, shipmentId);
  const resolvedAt = await resolvedDates(db, shipmentId);
  const lostQuoteAt = shipment.lostQuote ? await lostQuoteDate(db, shipmentId) : null;
  const lostQuote = lostQuoteAt
    ? [
        {
          ...lostQuoteAlert(shipmentId),
          resolved: false,
          createdDate: lostQuoteAt.toISOString(),
          resolvedDate: null,
        },
      ]
    : [];
  return [
    ...lostQuote,
    ...[...shipment.alerts]
      .sort((a, b) => Number(a.resolved) - Number(b.resolved))
      .map((a) => {
        const { displayName, settings, systemRaised } = alertDefinition(a.alertType);
        return {
          alertId: a.alertId,
          type: a.alertType,
          code: null,
          displayName,
          settings,
          systemRaised,
          resolved: a.resolved,
          createdDate: a.createdDate,
          resolvedDate: resolvedAt.get(a.alertId) ?? null,
        };
      }),
  ];
}
