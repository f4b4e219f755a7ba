// The calls of the attachments modal and the document sender (000 §7, 001 §7), through the typed client.
import { outcomeOf } from '@loadline/ui';
import type { AttachmentsClient } from './client.ts';
import type { BulkEmail, DeliveryWarningsQuery, EmailMessage, InvoiceNotification } from './types.ts';

export const listAttachments = (client: AttachmentsClient, shipmentId: number) =>
  outcomeOf(
    client.GET('/api/files/getattachments/{id}/{sourceType}', {
      params: { path: { id: String(shipmentId), sourceType: 'shipment' } },
    }),
  );

export const deleteAttachment = (client: AttachmentsClient, shipmentId: number, attachmentId: string) =>
  outcomeOf(
    client.DELETE('/api/files/deletedocument/{a}/{b}/{attachmentId}', {
      params: { path: { a: 'shipment', b: String(shipmentId), attachmentId } },
    }),
  );

export const changeAccessLevel = (
  client: AttachmentsClient,
  shipmentId: number,
  attachmentId: string,
  level: number,
) =>
  outcomeOf(
    client.POST('/api/files/changeAttachmentAccessLevel/{x}/{attachmentId}/{accessLevel}', {
      params: { path: { x: String(shipmentId), attachmentId, accessLevel: String(level) } },
    }),
  );

export const availableDocuments = (client: AttachmentsClient, shipmentId: number) =>
  outcomeOf(
    client.GET('/api/documentsender/getavailabledocumentsforshipment/{id}', {
      params: { path: { id: shipmentId } },
    }),
  );

export const contacts = (client: AttachmentsClient, query: string, contactType: number, shipmentId: number) =>
  outcomeOf(
    client.GET('/api/documentsender/contacts', {
      params: { query: { query, contactType, shipmentid: shipmentId } },
    }),
  );

export const sendShipmentDocuments = (client: AttachmentsClient, message: EmailMessage) =>
  outcomeOf(client.POST('/api/documentsender/sendshipmentdocuments', { body: message }));

/** 001 §5: the delivery warnings a send would raise; the service decides them from who each address is. */
export const deliveryWarningsFor = (client: AttachmentsClient, body: DeliveryWarningsQuery) =>
  outcomeOf(client.POST('/api/documentsender/deliverywarnings', { body }));

export const sentMessages = (client: AttachmentsClient, shipmentId: number) =>
  outcomeOf(client.GET('/api/documentsender/messages', { params: { query: { shipmentId } } }));

export const carrierCompliance = (client: AttachmentsClient, shipmentId: number) =>
  outcomeOf(client.GET('/api/carrierCompliance/{shipmentId}', { params: { path: { shipmentId } } }));

export const invoiceNotification = (client: AttachmentsClient, body: InvoiceNotification) =>
  outcomeOf(client.POST('/api/organization/invoiceNotification', { body }));

/** 001 §7: the bulk email sender; `invoice` adds each shipment's invoices. */
export const bulkShipmentDocuments = (client: AttachmentsClient, body: BulkEmail, invoice: boolean) =>
  outcomeOf(
    client.POST('/api/documentsender/getBulkShipmentDocument', {
      params: { query: invoice ? { invoice: true } : {} },
      body,
    }),
  );

export const currentUser = (client: AttachmentsClient) => outcomeOf(client.GET('/api/auth/me'));

/** 001 §2: a single attachment's link. */
export const attachmentUrl = (attachmentId: string, attachmentType: number | null) =>
  `/files/Attachment?i=${encodeURIComponent(attachmentId)}${attachmentType === null ? '' : `&t=${attachmentType}`}`;
