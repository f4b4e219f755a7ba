import {
  NotFoundPage,
  RemoteModuleIds,
  RemotePage,
  type ShipmentAttachmentsProps,
  type ShipmentDetailsPageProps,
  Stack,
  useParams,
} from '@loadline/ui';

/** One of the customer's shipments, read-only: customers change no status (issue 3, access). */
export function MyShipmentRoute() {
  const { shipmentId } = useParams();
  const id = Number(shipmentId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <Stack>
      <RemotePage<ShipmentDetailsPageProps>
        name="Shipment"
        id={RemoteModuleIds.shipmentDetailsPage}
        props={{ shipmentId: id, office: 'frontOffice', readOnly: true }}
      />
      {/* The customer's documents (Public ones only) and the front-office document sender. */}
      <RemotePage<ShipmentAttachmentsProps>
        name="Documents"
        id={RemoteModuleIds.shipmentAttachments}
        props={{ shipmentId: id, office: 'frontOffice', showDocumentSender: true }}
      />
    </Stack>
  );
}
