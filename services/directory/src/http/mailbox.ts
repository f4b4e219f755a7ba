// HTTP doors of a staff member's mailbox and signature (001 §7 "Mailbox", "GET/PUT /api/staff/signature"):
// parse → app → present. No answer ever carries a password: the mailbox says only whether one is stored.
import {
  PostProcessingAction,
  StaffMailboxConfigType,
  StaffMailboxPermission,
} from '@loadline/contracts/catalogue';
import { MAILBOX_SIGN_IN_PROVIDERS, SIGNATURE_MAX_LENGTH } from '@loadline/contracts/rules/mailbox';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import {
  changeMailbox,
  changeSignature,
  emailAddressOf,
  getMailbox,
  getSignature,
  resetMailbox,
  testMailboxConnection,
  unauthorizeMailbox,
} from '../app/mailbox.ts';
import { finishSignIn, startSignIn } from '../app/mailbox-sign-in.ts';
import type { Mailbox } from '../domain/mailbox.ts';
import type { DirectoryDeps } from '../service.ts';
import { errors } from './organizations.ts';
import { oneOf } from './schemas.ts';

const oneOfCodes = (values: readonly string[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const MailboxTypeValue = oneOf(
  StaffMailboxConfigType.valueList,
  'Default 1, IMAP 2, Gmail 3, Microsoft 4, Front 5 (002 §3.8)',
);
const PermissionValue = oneOf(
  StaffMailboxPermission.valueList,
  'SendOnly 1, SendAndRead 2, SendAndReadReplies 3 (002 §3.8)',
);
const PostProcessingValue = oneOfCodes(
  PostProcessingAction.codes,
  'what happens to a message once read: Archive (the default), MarkAsRead, Delete, DoNothing (001 §3, 002 §3.8)',
);
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const MailboxView = Type.Object(
  {
    staffId: Type.String(),
    mailboxType: MailboxTypeValue,
    username: Nullable(Type.String()),
    hasPassword: Type.Boolean({
      description: 'whether a password is stored; the password itself is never sent',
    }),
    incomingMailServer: Nullable(Type.String()),
    outgoingMailServer: Nullable(Type.String()),
    permissions: PermissionValue,
    postProcessingAction: PostProcessingValue,
    lastReadDate: Nullable(Type.String({ format: 'date-time' })),
    isAuthorized: Type.Boolean(),
    authorizationProblem: Nullable(
      Type.String({
        description:
          'why a mailbox signed in at its provider stopped being authorized (the provider refused to renew it)',
      }),
    ),
  },
  { $id: 'Mailbox' },
);

const mailboxFields = {
  username: Type.Optional(Nullable(Type.String({ maxLength: 320 }))),
  password: Type.Optional(
    Nullable(Type.String({ maxLength: 500, description: 'left out or empty: the stored password is kept' })),
  ),
  incomingMailServer: Type.Optional(
    Nullable(Type.String({ maxLength: 300, description: 'host:port (001 §3)' })),
  ),
  outgoingMailServer: Type.Optional(
    Nullable(Type.String({ maxLength: 300, description: 'host:port (001 §3)' })),
  ),
  permissions: Type.Optional(PermissionValue),
  postProcessingAction: Type.Optional(PostProcessingValue),
};

const MailboxUpdate = Type.Object(
  { mailboxType: MailboxTypeValue, ...mailboxFields },
  { additionalProperties: false },
);
const MailboxTest = Type.Object(
  { mailboxType: Type.Optional(MailboxTypeValue), ...mailboxFields },
  { additionalProperties: false },
);

const ServerCheck = Type.Object({ ok: Type.Boolean(), message: Type.String() });
const ConnectionTestAnswer = Type.Object({
  ok: Type.Boolean({ description: 'both servers signed in' }),
  imap: Nullable(ServerCheck),
  smtp: ServerCheck,
});
const Signature = Type.Object({
  staffId: Type.String(),
  signature: Type.String({ description: 'sanitized HTML' }),
});
const SignatureUpdate = Type.Object(
  {
    signature: Type.String({
      maxLength: SIGNATURE_MAX_LENGTH,
      description: 'rich text (HTML); kept within an allow-list',
    }),
  },
  { additionalProperties: false },
);
const StaffIdParam = Type.Object({ staffId: Type.String({ maxLength: 64 }) });

const present = (m: Mailbox) => ({
  staffId: m.userId,
  mailboxType: m.mailboxType,
  username: m.username,
  hasPassword: m.sealedPassword !== null,
  incomingMailServer: m.incomingMailServer,
  outgoingMailServer: m.outgoingMailServer,
  permissions: m.permissions,
  postProcessingAction: m.postProcessingAction,
  lastReadDate: m.lastReadDate?.toISOString() ?? null,
  isAuthorized: m.isAuthorized,
  authorizationProblem: m.authorizationProblem,
});

const ProviderParam = Type.Object({
  provider: Type.Union(
    MAILBOX_SIGN_IN_PROVIDERS.map((p) => Type.Literal(p)),
    { description: 'google (Gmail 3), microsoft (Microsoft 4) or front (Front 5) (001 §7, 002 §3.8)' },
  ),
});
const SignInStartBody = Type.Object(
  {
    permissions: Type.Optional(PermissionValue),
    postProcessingAction: Type.Optional(PostProcessingValue),
  },
  { additionalProperties: false },
);
const SignInStartAnswer = Type.Object({
  provider: Type.String(),
  authorizationUrl: Type.String({ description: "the provider's authorization page, for the popup" }),
  state: Type.String({ description: 'single-use, bound to the caller and their session, 10 minutes' }),
  redirectUrl: Type.String({ description: 'the page of ours the provider sends the popup back to' }),
});
const SignInFinishBody = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 4096, description: "the provider's authorization code" }),
    state: Type.String({ minLength: 1, maxLength: 200, description: 'the state the sign-in started with' }),
  },
  { additionalProperties: false },
);

export function mailboxRoutes(app: App, deps: DirectoryDeps): void {
  app.addSchema(MailboxView);
  const mailboxAnswer = { 200: Type.Ref('Mailbox'), ...errors };

  app.get(
    '/api/staff/mailbox',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          "The caller's mailbox configuration (001 §3), without its password; Default when none is set",
        response: mailboxAnswer,
      },
    },
    async (request) => present(await getMailbox(deps, callerOf(request))),
  );

  app.put(
    '/api/staff/mailbox',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          "Changes the caller's mailbox configuration; IMAP needs username, password and outgoing server (001 §5)",
        body: MailboxUpdate,
        response: mailboxAnswer,
      },
    },
    async (request) => present(await changeMailbox(deps, callerOf(request), request.body)),
  );

  app.post(
    '/api/staff/mailbox/:provider/validate',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          "Starts the caller's mailbox sign-in at Google, Microsoft or Front (OAuth 2 code flow with PKCE): the page for the popup",
        params: ProviderParam,
        body: SignInStartBody,
        response: { 200: SignInStartAnswer, ...errors, 409: errors[400] },
      },
    },
    (request) => startSignIn(deps, callerOf(request), request.params.provider, request.body),
  );

  app.post(
    '/api/staff/mailbox/:provider/token',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          "Finishes the caller's mailbox sign-in with the code and state the provider sent the popup back with; the mailbox is authorized",
        params: ProviderParam,
        body: SignInFinishBody,
        response: { ...mailboxAnswer, 409: errors[400], 502: errors[400] },
      },
    },
    async (request) =>
      present(await finishSignIn(deps, callerOf(request), request.params.provider, request.body)),
  );

  app.post(
    '/api/email/imapconfig/test',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          'Signs in to the IMAP and SMTP servers of a configuration as entered and says which part failed; saves nothing',
        body: MailboxTest,
        response: { 200: ConnectionTestAnswer, ...errors },
      },
    },
    (request) => {
      const { mailboxType: _type, ...fields } = request.body;
      return testMailboxConnection(deps, callerOf(request), fields);
    },
  );

  app.get(
    '/api/email/address/:staffId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary: "The address mail from a staff member of the caller's broker goes out from",
        params: StaffIdParam,
        response: {
          200: Type.Object({
            staffId: Type.String(),
            emailAddress: Type.String(),
            mailboxType: Type.Integer({ description: 'Default 1, IMAP 2, Gmail 3, Microsoft 4, Front 5' }),
          }),
          ...errors,
        },
      },
    },
    (request) => emailAddressOf(deps, callerOf(request), request.params.staffId),
  );

  app.post(
    '/api/email/mailbox/unauthorize',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary: "Forgets the caller's mailbox credentials; its other settings stay",
        response: mailboxAnswer,
      },
    },
    async (request) => present(await unauthorizeMailbox(deps, callerOf(request))),
  );

  app.post(
    '/api/email/mailbox/reset',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary: "Deletes the caller's mailbox configuration: back to Default",
        response: mailboxAnswer,
      },
    },
    async (request) => present(await resetMailbox(deps, callerOf(request))),
  );

  app.get(
    '/api/staff/signature',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary: "The caller's email signature ('' when none is set)",
        response: { 200: Signature, ...errors },
      },
    },
    (request) => getSignature(deps, callerOf(request)),
  );

  app.get(
    '/api/staff/signature/:staffId',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary: "The email signature of a staff member of the caller's broker",
        params: StaffIdParam,
        response: { 200: Signature, ...errors },
      },
    },
    (request) => getSignature(deps, callerOf(request), request.params.staffId),
  );

  app.put(
    '/api/staff/signature',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['mailbox'],
        summary:
          "Changes the caller's email signature, kept within an allow-list of tags, attributes and links",
        body: SignatureUpdate,
        response: { 200: Signature, ...errors },
      },
    },
    (request) => changeSignature(deps, callerOf(request), request.body.signature),
  );
}
