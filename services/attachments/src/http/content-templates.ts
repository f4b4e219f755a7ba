// HTTP doors of content templates (001 §7; issue 18 item 7; decision 0075): parse → app → present.

import {
  TEMPLATE_BODY_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_SUBJECT_MAX_LENGTH,
} from '@loadline/contracts/rules/content-templates';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  contentTemplate,
  customEmailTemplates,
  filledTemplate,
  saveContentTemplate,
  saveCustomEmailTemplate,
  templatePermissions,
} from '../app/content-templates.ts';
import type { AttachmentsDeps } from '../service.ts';
import { errors, ShipmentIdParam } from './schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const TypeParam = Type.Integer({ minimum: 0, maximum: 355, description: 'content template type, 002 §3.10' });
// Blank (empty or spaces only) is refused by the use case, one message a field (decision 0116, addendum).
const notBlank = 'not blank: a 400 names the field otherwise';
const Subject = Type.String({ maxLength: TEMPLATE_SUBJECT_MAX_LENGTH, description: notBlank });
const Body = Type.String({ maxLength: TEMPLATE_BODY_MAX_LENGTH, description: notBlank });
const Placeholders = Type.Array(Type.String(), {
  description: 'the placeholders ({{name}}) a template of this kind is filled with, by their names',
});

const ContentTemplate = Type.Object(
  {
    contentTemplateType: Type.Integer(),
    name: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    isDefaultMaster: Type.Boolean({
      description: "the product's default master: the broker has none of its own",
    }),
    updatedBy: Nullable(Type.String()),
    updatedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

const CanEdit = Type.Boolean({
  description:
    "whether the caller may write the broker's templates (TMS Site Admin and IT Support Admin, 002 §6.2)",
});

/** The template as its page reads and saves it: with whether the caller may write it. */
const EditableContentTemplate = Type.Object(
  {
    ...ContentTemplate.properties,
    placeholders: Placeholders,
    canEdit: CanEdit,
  },
  { additionalProperties: false },
);

const CustomEmailTemplate = Type.Object(
  {
    templateNumber: Type.Integer({ minimum: 0, maximum: 9 }),
    name: Type.String(),
    subject: Type.String(),
    body: Type.String(),
    updatedBy: Nullable(Type.String()),
    updatedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

export function registerContentTemplateRoutes(app: App, deps: AttachmentsDeps): void {
  app.get(
    '/api/contenttemplates/custom',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary: "The broker's organization custom email templates (0 to 9, 001 §3) that are written",
        response: { 200: Type.Array(CustomEmailTemplate), ...errors },
      },
    },
    (request) => customEmailTemplates(deps, callerOf(request)),
  );

  app.get(
    '/api/contenttemplates/permissions',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary:
          "Whether the caller may write the broker's content templates, as the template's GET says, and the placeholders of a template written from nothing: for a type with no template (404), shown read-only or to be written, and the organization custom email templates",
        response: {
          200: Type.Object({ canEdit: CanEdit, placeholders: Placeholders }, { additionalProperties: false }),
          ...errors,
        },
      },
    },
    (request) => templatePermissions(callerOf(request)),
  );

  app.put(
    '/api/contenttemplates/custom/:number',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary:
          'Writes an organization custom email template (0 to 9): TMS Site Admin and IT Support Admin staff',
        params: Type.Object({ number: Type.Integer({ minimum: 0, maximum: 9 }) }),
        body: Type.Object(
          {
            name: Type.String({ maxLength: TEMPLATE_NAME_MAX_LENGTH, description: notBlank }),
            subject: Subject,
            body: Body,
          },
          { additionalProperties: false },
        ),
        response: { 200: CustomEmailTemplate, ...errors },
      },
    },
    (request) => saveCustomEmailTemplate(deps, callerOf(request), request.params.number, request.body),
  );

  app.get(
    '/api/contenttemplates/:type',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary:
          "The broker's template of a content template type (002 §3.10), else the product's default master; 404 when neither exists",
        params: Type.Object({ type: TypeParam }),
        response: { 200: EditableContentTemplate, ...errors },
      },
    },
    (request) => contentTemplate(deps, callerOf(request), request.params.type),
  );

  app.put(
    '/api/contenttemplates/:type',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary:
          "Writes the broker's own template of a content template type: TMS Site Admin and IT Support Admin staff (002 §6.2)",
        params: Type.Object({ type: TypeParam }),
        body: Type.Object({ subject: Subject, body: Body }, { additionalProperties: false }),
        response: { 200: EditableContentTemplate, ...errors },
      },
    },
    (request) => saveContentTemplate(deps, callerOf(request), request.params.type, request.body),
  );

  app.get(
    '/api/getByContentTemplateTypeDefaultMaster/:shipmentId/:type',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['content templates'],
        summary:
          "The template of a type (the broker's, else the default master) filled with the shipment's values: the placeholders the type's GET names",
        params: Type.Object({ shipmentId: ShipmentIdParam, type: TypeParam }),
        response: {
          200: Type.Object(
            { ...ContentTemplate.properties, shipmentId: Type.Integer() },
            { additionalProperties: false },
          ),
          ...errors,
        },
      },
    },
    (request) => filledTemplate(deps, callerOf(request), request.params.shipmentId, request.params.type),
  );
}
