// Who sees which shipment's locations (DESIGN.md "Identity"; issue 4 checks). Broker staff see
// their broker's shipments; a customer user only its own organization's, and another's answers
// 404 like one that does not exist. Only staff add locations (issue 4 item 1); both may ask a
// driver for the position (000 §6: the front office sends the request directly).

// Seeing a shipment is the platform's one rule (services/platform/src/identity.ts).
export {
  inShipmentScope as inScope,
  type ShipmentScope,
  shipmentScope,
} from '@loadline/platform/shipment-scope';
