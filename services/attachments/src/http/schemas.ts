// Request and response schemas of the attachments routes (TypeBox); the OpenAPI document is made from them.
import {
  AttachmentSourceTypes,
  GeneratedDocumentType,
  MailSendStatus,
  OutgoingMessageType,
} from '@loadline/contracts/catalogue';
import { DeliveryWarningCodes } from '@loadline/contracts/rules/recipients';
import { ErrorBodySchema } from '@loadline/platform';
import Type, { type TSchema } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export const ShipmentIdParam = Type.Integer({ minimum: 1, description: 'the shipment number' });
export const SourceTypeParam = Type.String({
  description: `attachment source type (000 §3), any case: ${AttachmentSourceTypes.join(', ')}`,
  maxLength: 40,
});

export const Attachment = Type.Object(
  {
    attachmentId: Type.String(),
    attachmentType: Nullable(
      Type.Integer({ description: 'the 002 §3.10 number; null where the spec shows none' }),
    ),
    attachmentTypeCode: Nullable(Type.String({ description: 'the catalogue code of the type' })),
    attachmentTypeName: Type.String(),
    accessLevel: Type.Integer({ description: 'Public 0 or Private 1' }),
    fileName: Type.String(),
    title: Nullable(Type.String()),
    contentType: Type.String({ description: 'the type sniffed from the bytes' }),
    sizeBytes: Type.Integer(),
    sourceType: Type.String(),
    sourceId: Type.String(),
    shipmentId: Nullable(Type.Integer()),
    uploadedBy: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    isExternalAttachment: Type.Boolean(),
  },
  { $id: 'Attachment' },
);

/** An id an upload names its source by (empty: not given). */
const UploadId = Type.String({ maxLength: 64, pattern: '^[\\w.:-]*$' });

/**
 * The multipart fields of an upload (000 §3): the route parses the stream itself and checks the text fields
 * against this as it reads them (routes/files.ts), as a JSON body's schema is checked.
 */
export const UploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'the file (one per upload)' }),
  sourceType: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'shipment, brokercarrier, brokercarrierinsurance, tariff, customer, organization or taishippingmarketplace; by default inferred from the id given',
    }),
  ),
  shipmentId: Type.Optional(UploadId),
  carrierId: Type.Optional(UploadId),
  carrierMasterId: Type.Optional(UploadId),
  brokerCarrierInsuranceId: Type.Optional(UploadId),
  tariffId: Type.Optional(UploadId),
  organizationId: Type.Optional(UploadId),
  marketplaceOrganizationId: Type.Optional(UploadId),
  attachmentType: Type.Optional(
    Type.String({
      maxLength: 64,
      description:
        "a 002 §3.10 number or code; by default guessed from the file name (001 §5), else the source type's own",
    }),
  ),
  accessLevel: Type.Optional(
    Type.String({ maxLength: 10, description: 'Public 0 or Private 1; by default 000 §5 and 001 §4' }),
  ),
  title: Type.Optional(Type.String({ maxLength: 200 })),
});

export const DocumentCode = Type.Enum(GeneratedDocumentType.codes, {
  description: 'generated document, 002 §3.10',
});

export const AvailableDocuments = Type.Object({
  shipmentId: Type.Integer(),
  documents: Type.Array(
    Type.Object({
      document: DocumentCode,
      name: Type.String(),
      fileName: Type.String(),
      audience: Type.Union([Type.Literal('carrier'), Type.Literal('customer')]),
    }),
  ),
  attachments: Type.Array(Type.Ref('Attachment')),
});

export const Contact = Type.Object({
  contactId: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  fax: Nullable(Type.String()),
  kind: Type.Union([Type.Literal('broker'), Type.Literal('customer'), Type.Literal('carrier')]),
  organizationName: Nullable(Type.String()),
});

const Recipients = Type.Union(
  [Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 }), Type.String({ maxLength: 4000 })],
  {
    description: 'email addresses or fax numbers, split on comma, semicolon or space (001 §5)',
  },
);

/** 001 §3: the email message. */
export const EmailMessage = Type.Object(
  {
    shipmentId: Type.Optional(ShipmentIdParam),
    senderId: Type.Optional(Nullable(Type.String())),
    subject: Type.Optional(Type.String({ maxLength: 500 })),
    body: Type.Optional(Type.String({ maxLength: 20000 })),
    recipients: Recipients,
    documents: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
    attachmentIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    cc: Type.Optional(Nullable(Recipients)),
    bcc: Type.Optional(Nullable(Recipients)),
    ccTrue: Type.Optional(Type.Boolean({ description: 'copy the sender' })),
    markInvoiceDelivered: Type.Optional(Type.Boolean()),
    recipientId: Type.Optional(Nullable(Type.String())),
    newHeaders: Type.Optional(Nullable(Type.Record(Type.String(), Type.String()))),
    privateActivityLog: Type.Optional(Type.Boolean()),
    contactType: Type.Optional(Type.Enum(OutgoingMessageType.valueList, { description: '0 email, 1 fax' })),
    dismissedWarnings: Type.Optional(
      Type.Array(Type.Enum([...DeliveryWarningCodes]), {
        maxItems: DeliveryWarningCodes.length,
        description:
          'the delivery warnings (001 §5) the sender dismissed; a send raising another answers 409 with it under errors["warning.<code>"]',
      }),
    ),
  },
  { additionalProperties: false },
);

/** What a send would be, for its delivery warnings (001 §5). */
export const DeliveryWarningsQuery = Type.Object(
  {
    shipmentId: Type.Optional(ShipmentIdParam),
    recipients: Type.Optional(Recipients),
    cc: Type.Optional(Nullable(Recipients)),
    bcc: Type.Optional(Nullable(Recipients)),
    documents: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
    attachmentIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    attachmentTypes: Type.Optional(
      Type.Array(
        Type.Integer({ description: 'attachment types (002 §3.10), as the bulk sender chooses them' }),
        {
          maxItems: 30,
        },
      ),
    ),
    toShipmentCustomers: Type.Optional(
      Type.Boolean({ description: "the bulk sender's default: each shipment's customer users receive it" }),
    ),
    contactType: Type.Optional(Type.Enum(OutgoingMessageType.valueList, { description: '0 email, 1 fax' })),
  },
  { additionalProperties: false },
);

export const DeliveryWarningsAnswer = Type.Object({
  warnings: Type.Array(
    Type.Object({
      code: Type.Enum([...DeliveryWarningCodes]),
      message: Type.String(),
    }),
  ),
});

export const OutgoingMessage = Type.Object(
  {
    messageId: Type.String(),
    messageType: Type.Integer({ description: 'Email 0, Fax 1' }),
    shipmentId: Nullable(Type.Integer()),
    organizationId: Nullable(Type.String()),
    recipients: Type.Array(Type.String()),
    cc: Type.Array(Type.String()),
    bcc: Type.Array(Type.String()),
    subject: Type.String(),
    documents: Type.Array(Type.String()),
    attachmentIds: Type.Array(Type.String()),
    status: Type.Enum(MailSendStatus.valueList, { description: 'mail send status, 002 §3.8' }),
    statusName: Type.String(),
    attempts: Type.Integer(),
    lastError: Nullable(Type.String()),
    sentBy: Type.String(),
    createdDate: Type.String({ format: 'date-time' }),
    sentDate: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'OutgoingMessage' },
);

/** 001 §3: the bulk email. */
export const BulkEmail = Type.Object(
  {
    shipmentIds: Type.Array(ShipmentIdParam, { maxItems: 500 }),
    invoiceIds: Type.Optional(
      Type.Array(Type.Union([Type.String({ maxLength: 64 }), Type.Integer()]), { maxItems: 500 }),
    ),
    updateInvoiceDate: Type.Optional(Type.Boolean()),
    attachments: Type.Optional(
      Type.Array(Type.Integer({ description: 'attachment types (002 §3.10) to send' }), { maxItems: 30 }),
    ),
    documentTypes: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 })),
    filterByShipmentType: Type.Optional(Nullable(Type.Integer({ minimum: 0 }))),
    customRecipientEmail: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    dismissedWarnings: Type.Optional(
      Type.Array(Type.Enum([...DeliveryWarningCodes]), {
        maxItems: DeliveryWarningCodes.length,
        description:
          'the delivery warnings (001 §5) the sender dismissed; a send raising another answers 409 with it under errors["warning.<code>"]',
      }),
    ),
  },
  { additionalProperties: false },
);

export const InvoiceNotification = Type.Object(
  {
    organizationId: Type.String({ minLength: 1, maxLength: 64 }),
    invoiceIds: Type.Array(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer()]), {
      minItems: 1,
    }),
  },
  { additionalProperties: false },
);

export const sharedSchemas = [ErrorBodySchema, Attachment, OutgoingMessage];
