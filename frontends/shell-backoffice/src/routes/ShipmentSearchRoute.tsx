import { RemoteModuleIds, RemotePage, type ShipmentGridPageProps, useSearchParams } from '@loadline/ui';

/**
 * The shipment grid of the shipments remote (`shipments/ShipmentGridPage`). Also where a shipment result of
 * the universal search goes (001 §2: "runs a shipment search by shipmentId"): `?shipmentId=` is the grid's
 * search.
 */
export function ShipmentSearchRoute() {
  const [params] = useSearchParams();
  return (
    <RemotePage<ShipmentGridPageProps>
      name="Shipments"
      id={RemoteModuleIds.shipmentGridPage}
      props={{ office: 'backOffice', initialSearch: params.get('shipmentId') }}
    />
  );
}
