import {
  NotFoundPage,
  RemoteModuleIds,
  RemotePage,
  type ShipmentDetailsPageProps,
  useParams,
} from '@loadline/ui';

/** One of the customer's shipments, read-only: customers change no status (issue 3, access). */
export function MyShipmentRoute() {
  const { shipmentId } = useParams();
  const id = Number(shipmentId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <RemotePage<ShipmentDetailsPageProps>
      name="Shipment"
      id={RemoteModuleIds.shipmentDetailsPage}
      props={{ shipmentId: id, office: 'frontOffice', readOnly: true }}
    />
  );
}
