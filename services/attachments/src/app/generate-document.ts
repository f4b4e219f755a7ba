// Builds a generated document of a shipment as PDF bytes, naming the broker and customer as the
// directory calls them (read model; the ids when the directory has not told us yet) and pricing it from
// accounting's charge lines (read model; none until accounting publishes them).
import type { Kysely } from '@loadline/platform';
import { renderPdf } from '../adapters/pdf.ts';
import { documentContent } from '../domain/document-content.ts';
import { type DocumentCode, fileNameOf } from '../domain/documents.ts';
import type { AttachmentsTables } from '../store/tables.ts';
import { chargeLinesOf, organizationName, type ShipmentView } from '../store/views.ts';

export async function generateDocument(
  db: Kysely<AttachmentsTables>,
  shipment: ShipmentView,
  document: DocumentCode,
): Promise<{ fileName: string; bytes: Buffer }> {
  const [brokerName, customerName, chargeLines] = await Promise.all([
    organizationName(db, shipment.brokerId, shipment.brokerId),
    organizationName(db, shipment.customerOrganizationId, shipment.customerOrganizationId),
    chargeLinesOf(db, shipment.brokerId, shipment.shipmentId),
  ]);
  const content = documentContent(document, shipment.state, { brokerName, customerName, chargeLines });
  const bytes = await renderPdf(content, { author: brokerName });
  return { fileName: fileNameOf(document, shipment.shipmentId), bytes };
}
