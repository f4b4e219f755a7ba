// The tracking status request sender's calls (001 §7) and the unmatched inbound email list (decision 0071),
// through the typed client.
import { outcomeOf } from '@loadline/ui';
import type { AttachmentsClient } from './client.ts';
import type { EmailForSuggestion, TrackingRequests } from './types.ts';

/** 001 §7: the shipments split into those whose carrier has a tracking email and those without. */
export const splitByCarrierEmail = (client: AttachmentsClient, shipmentIds: number[]) =>
  outcomeOf(client.POST('/api/truckloadTrackingStatusRequest', { body: { shipmentIds } }));

export const trackingTemplate = (client: AttachmentsClient) =>
  outcomeOf(client.GET('/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate'));

export const sendTrackingRequests = (client: AttachmentsClient, body: TrackingRequests) =>
  outcomeOf(client.POST('/api/shipmentmanagement/emailTrackingStatusRequest', { body }));

export const unmatchedEmails = (client: AttachmentsClient) =>
  outcomeOf(client.GET('/api/inboundemail', { params: { query: { limit: 200 } } }));

export const assignEmail = (client: AttachmentsClient, id: string, shipmentId: number) =>
  outcomeOf(client.PUT('/api/inboundemail/{id}/assign', { params: { path: { id } }, body: { shipmentId } }));

export const dismissEmail = (client: AttachmentsClient, id: string) =>
  outcomeOf(client.PUT('/api/inboundemail/{id}/dismiss', { params: { path: { id } } }));

/** 001 §7: the broker's template of a content template type, else the default master (decision 0075). */
export const contentTemplate = (client: AttachmentsClient, type: number) =>
  outcomeOf(client.GET('/api/contenttemplates/{type}', { params: { path: { type } } }));

/** Whether the caller may write the broker's templates: asked for a type with no template (404). */
export const contentTemplatePermissions = (client: AttachmentsClient) =>
  outcomeOf(client.GET('/api/contenttemplates/permissions'));

export const saveContentTemplate = (
  client: AttachmentsClient,
  type: number,
  body: { subject: string; body: string },
) => outcomeOf(client.PUT('/api/contenttemplates/{type}', { params: { path: { type } }, body }));

/** The broker's organization custom email templates 0–9 that are written (001 §3, decision 0075). */
export const customEmailTemplates = (client: AttachmentsClient) =>
  outcomeOf(client.GET('/api/contenttemplates/custom'));

export const saveCustomEmailTemplate = (
  client: AttachmentsClient,
  templateNumber: number,
  body: { name: string; subject: string; body: string },
) =>
  outcomeOf(
    client.PUT('/api/contenttemplates/custom/{number}', {
      params: { path: { number: templateNumber } },
      body,
    }),
  );

/** 001 §7: the automation type and the shipment suggested for an email (decision 0076's rules). */
export const emailSuggestion = (client: AttachmentsClient, email: EmailForSuggestion) =>
  outcomeOf(client.POST('/api/emailai/getsuggestion', { body: email }));

/** 001 §7: the files that came with the broker's unmatched mail. */
export const externalDocuments = (client: AttachmentsClient) =>
  outcomeOf(client.GET('/api/externaldocumentlist', { params: { query: { limit: 200 } } }));

export const addExternalDocumentToShipment = (
  client: AttachmentsClient,
  documentId: string,
  shipmentId: number,
) =>
  outcomeOf(
    client.PUT('/api/addexternaldocumenttoshipment/{documentId}/{shipmentId}', {
      params: { path: { documentId, shipmentId } },
    }),
  );
