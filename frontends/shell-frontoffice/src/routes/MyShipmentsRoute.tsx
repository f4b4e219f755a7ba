import { RemoteModuleIds, RemotePage, type ShipmentGridPageProps } from '@loadline/ui';

/** "My shipments": the customer's own shipments (GET /api/shipments answers only its organization's). */
export function MyShipmentsRoute() {
  return (
    <RemotePage<ShipmentGridPageProps>
      name="My shipments"
      id={RemoteModuleIds.shipmentGridPage}
      props={{ office: 'frontOffice' }}
    />
  );
}
