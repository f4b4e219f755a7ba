// Builds a generated document of a shipment as PDF bytes, naming the broker and customer as the
// directory calls them (read model; the ids when the directory has not told us yet).
import type { Kysely } from '@loadline/platform';
import { type DocumentCode, documentContent, fileNameOf } from '../domain/documents.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { organizationName, type ShipmentView } from '../store/views.ts';
import { renderPdf } from './pdf.ts';

export async function generateDocument(
  db: Kysely<AttachmentsTables>,
  shipment: ShipmentView,
  document: DocumentCode,
): Promise<{ fileName: string; bytes: Buffer }> {
  const brokerName = await organizationName(db, shipment.brokerId, shipment.brokerId);
  const customerName = await organizationName(
    db,
    shipment.customerOrganizationId,
    shipment.customerOrganizationId,
  );
  const bytes = await renderPdf(documentContent(document, shipment.state, { brokerName, customerName }), {
    author: brokerName,
  });
  return { fileName: fileNameOf(document, shipment.shipmentId), bytes };
}
