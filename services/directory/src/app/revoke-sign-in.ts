// Tokens the directory forgets (unauthorize, reset, another sign-in) are revoked at the provider too, where
// it offers revocation (RFC 7009; decision 0036): forgetting them here alone would leave them valid there.
// Best effort, after the change is committed: a provider that cannot be reached does not undo it.
import type { Mailbox } from '../domain/mailbox.ts';
import { providerOfType } from '../domain/mailbox-sign-in.ts';
import { openSecret } from '../domain/secrets.ts';
import type { DirectoryDeps } from '../service.ts';

export async function revokeAtProvider(deps: DirectoryDeps, forgotten: Mailbox | undefined): Promise<void> {
  const provider = forgotten && providerOfType(forgotten.mailboxType);
  if (!forgotten?.sealedRefreshToken || !provider) return;
  const settings = deps.settings.mailboxSignIn.providers[provider];
  if (!settings?.revokeUrl) return;
  let refreshToken: string;
  try {
    refreshToken = openSecret(deps.settings.mailboxSecretKey, forgotten.userId, forgotten.sealedRefreshToken);
  } catch {
    return;
  }
  if (!(await deps.adapters.signInProviders.revoke(settings, refreshToken)))
    deps.runtime.logger.warn({ userId: forgotten.userId, provider }, 'mailbox token revocation failed');
}
