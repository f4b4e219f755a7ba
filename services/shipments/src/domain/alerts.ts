// Shipment alerts as the screens show them (000 §3 "Shipment alert": alertId, displayName,
// settings (color, icon); also type and resolved; 000 §7 shipmentAlerts). Pure.
//
// The catalogue names seven alert types (002 §3.4); the others are known by number or by range
// only, and are shown with no display name rather than an invented one. The colours and icons are
// ours (the spec does not show them): red for what stops a load (hold, blocked carrier, credit),
// amber for what needs a look (insurance, delays), blue for temperature, grey for links.
import { LostQuoteAlert, ShipmentAlertType, shipmentAlertTypeGroup } from '@loadline/contracts/catalogue';

export interface AlertSettings {
  color: 'red' | 'amber' | 'blue' | 'grey';
  icon: string;
}

export interface AlertDefinition {
  /** the alert type (002 §3.4) */
  alertId: number;
  type: number;
  displayName: string | null;
  settings: AlertSettings;
  /** raised by the system (credit, consolidation, insurance, carrier checks), not by hand */
  systemRaised: boolean;
}

const A = ShipmentAlertType.values;

const byType: Readonly<Record<number, { settings: AlertSettings; systemRaised: boolean }>> = {
  [A.CarrierBlocked]: { settings: { color: 'red', icon: 'truck-off' }, systemRaised: true },
  [A.CreditLimitExceeded]: { settings: { color: 'red', icon: 'credit-card-off' }, systemRaised: true },
  [A.ConsolidationParent]: { settings: { color: 'grey', icon: 'stack' }, systemRaised: true },
  [A.ConsolidationChild]: { settings: { color: 'grey', icon: 'stack-front' }, systemRaised: true },
  [A.Hold]: { settings: { color: 'red', icon: 'hand-stop' }, systemRaised: false },
  [A.CargoInsuranceNotAvailable]: { settings: { color: 'amber', icon: 'shield-off' }, systemRaised: true },
  [A.CargoInsuranceInsufficient]: { settings: { color: 'amber', icon: 'shield-half' }, systemRaised: true },
};

export function alertSettings(type: number): AlertSettings {
  const known = byType[type];
  if (known) return known.settings;
  switch (shipmentAlertTypeGroup(type)) {
    case 'claims':
      return { color: 'red', icon: 'file-alert' };
    case 'delays':
      return { color: 'amber', icon: 'clock-exclamation' };
    case 'temperatureThresholds':
      return { color: 'blue', icon: 'temperature' };
    default:
      return { color: 'grey', icon: 'alert-circle' };
  }
}

export function alertDefinition(type: number): AlertDefinition {
  return {
    alertId: type,
    type,
    displayName: ShipmentAlertType.nameOf(type) ?? null,
    settings: alertSettings(type),
    systemRaised: byType[type]?.systemRaised ?? false,
  };
}

/** The alert types the screens can name (000 §7 shipmentAlerts/search), in type order. */
export const alertDefinitions = (): AlertDefinition[] =>
  [...ShipmentAlertType.valueList].sort((a, b) => a - b).map(alertDefinition);

/**
 * The lost-quote system alert of 000 §4, raised when a cancel asked for it (from Quote, Committed or Ready).
 * 002 §3.4 numbers no such type, so it carries none (type null) and is known by its id (decision 0016).
 */
export function lostQuoteAlert(shipmentId: number) {
  return {
    alertId: `lost-quote-${shipmentId}`,
    type: null,
    code: LostQuoteAlert.code,
    displayName: LostQuoteAlert.name,
    settings: { color: 'red', icon: 'receipt-off' } satisfies AlertSettings,
    systemRaised: true,
  };
}
