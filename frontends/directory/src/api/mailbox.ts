// The staff member's own mailbox and signature (001 §7 Mailbox; GET/PUT /api/staff/signature) and the
// broker's feature flags (the reply-only mail integration flag of 001 §6), through the shell's one client.
import { type GatewayClient, outcomeOf, type RequestBody, type ResponseBody } from '@loadline/ui';

export type Mailbox = ResponseBody<'/api/staff/mailbox', 'get'>;
export type MailboxChange = RequestBody<'/api/staff/mailbox', 'put'>;
export type ConnectionTest = ResponseBody<'/api/email/imapconfig/test', 'post'>;
export type Signature = ResponseBody<'/api/staff/signature', 'get'>;

export const getMailbox = (client: GatewayClient) => outcomeOf(client.GET('/api/staff/mailbox'));

export const saveMailbox = (client: GatewayClient, body: MailboxChange) =>
  outcomeOf(client.PUT('/api/staff/mailbox', { body }));

export const testMailbox = (client: GatewayClient, body: MailboxChange) =>
  outcomeOf(client.POST('/api/email/imapconfig/test', { body }));

export const unauthorizeMailbox = (client: GatewayClient) =>
  outcomeOf(client.POST('/api/email/mailbox/unauthorize'));

export const resetMailbox = (client: GatewayClient) => outcomeOf(client.POST('/api/email/mailbox/reset'));

export const getSignature = (client: GatewayClient) => outcomeOf(client.GET('/api/staff/signature'));

export const saveSignature = (client: GatewayClient, signature: string) =>
  outcomeOf(client.PUT('/api/staff/signature', { body: { signature } }));

/** The codes of the feature flags on for the caller's broker. */
export const featureFlags = (client: GatewayClient) => outcomeOf(client.GET('/api/featureFlags'));

/** 001 §7: the mailbox sign-in endpoints of Google, Microsoft and Front (decision 0036). */
export type SignInProvider = 'google' | 'microsoft' | 'front';
export type SignInChoice = RequestBody<'/api/staff/mailbox/{provider}/validate', 'post'>;

export const startSignIn = (client: GatewayClient, provider: SignInProvider, body: SignInChoice) =>
  outcomeOf(client.POST('/api/staff/mailbox/{provider}/validate', { params: { path: { provider } }, body }));

export const finishSignIn = (
  client: GatewayClient,
  provider: SignInProvider,
  body: { code: string; state: string },
) => outcomeOf(client.POST('/api/staff/mailbox/{provider}/token', { params: { path: { provider } }, body }));
