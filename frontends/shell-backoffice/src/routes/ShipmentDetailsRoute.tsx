import { StaffPermission } from '@loadline/contracts';
import {
  type AccountingSummaryProps,
  type CurrentUser,
  NotFoundPage,
  RemoteModuleIds,
  RemotePage,
  type ShipmentAttachmentsProps,
  type ShipmentDetailsPageProps,
  Stack,
  useOutletContext,
  useParams,
} from '@loadline/ui';

/**
 * A shipment's page (000 §2: /back-office/shipment/shipment-details/{id}, with an optional trailing source
 * segment; the international, ocean and unknown-type pages alike), from the shipments remote
 * (`shipments/ShipmentDetailsPage`); an edit page opens it with the edit-status modal. The page title gets
 * the shipment id from the `shipmentId` parameter (001 §2).
 */
export function ShipmentDetailsRoute({ edit = false }: { edit?: boolean }) {
  const { shipmentId } = useParams();
  const user = useOutletContext<CurrentUser>();
  const id = Number(shipmentId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <Stack>
      <RemotePage<ShipmentDetailsPageProps>
        name="Shipment details"
        id={RemoteModuleIds.shipmentDetailsPage}
        props={{
          shipmentId: id,
          office: 'backOffice',
          canUseAdminAccessLevel: StaffPermission.has(user.permissions, 'ITSupportAdmin'),
          openEditStatus: edit,
        }}
      />
      {/* 001 §3, §7: the accounting summary with the inline editor and the invoice shipment modal (issue 16),
          headed by the customer's over-credit notice. */}
      <RemotePage<AccountingSummaryProps>
        name="Accounting summary"
        id={RemoteModuleIds.accountingSummary}
        props={{ shipmentId: id }}
      />
      {/* 000 §2 items 10 and 12: the shipment's attachments and the document sender (attachments remote). */}
      <RemotePage<ShipmentAttachmentsProps>
        name="Attachments"
        id={RemoteModuleIds.shipmentAttachments}
        props={{ shipmentId: id, office: 'backOffice', showDocumentSender: true }}
      />
    </Stack>
  );
}
