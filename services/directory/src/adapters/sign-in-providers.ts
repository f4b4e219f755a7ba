// The providers' token endpoints (RFC 6749 §4.1.3 and §6): a code and its PKCE verifier exchanged for
// tokens, a refresh token for new ones. The client authenticates with HTTP Basic (client_secret_basic, which
// Google, Microsoft and Front accept). What went wrong is told apart: the provider refused (a 4xx: a wrong
// code or verifier, a revoked refresh token) or could not be asked (network, 5xx, an answer without tokens).
// Tokens are never logged: nothing here logs.
import { type ProviderSettings, parseTokenAnswer, type TokenAnswer } from '../domain/mailbox-sign-in.ts';

export type TokenResult =
  | { ok: true; answer: TokenAnswer }
  | { ok: false; refused: true; error: string }
  | { ok: false; refused: false; error: string };

export interface SignInProviders {
  exchangeCode(
    settings: ProviderSettings,
    input: { code: string; verifier: string; redirectUrl: string },
  ): Promise<TokenResult>;
  refresh(settings: ProviderSettings, refreshToken: string): Promise<TokenResult>;
  /** RFC 7009: revokes a refresh token (and what it gave) where the provider offers it; true when it said so */
  revoke(settings: ProviderSettings, refreshToken: string): Promise<boolean>;
}

export function signInProviders(timeoutMs: number): SignInProviders {
  const send = (settings: ProviderSettings, url: string, form: Record<string, string>) => {
    const basic = Buffer.from(
      `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`,
    ).toString('base64');
    return fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(form).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  };
  const post = async (settings: ProviderSettings, form: Record<string, string>): Promise<TokenResult> => {
    let response: Response;
    try {
      response = await send(settings, settings.tokenUrl, form);
    } catch (error) {
      return { ok: false, refused: false, error: (error as Error).name };
    }
    const body: unknown = await response.json().catch(() => null);
    const code = (body as { error?: unknown } | null)?.error;
    if (response.status >= 400 && response.status < 500) {
      return { ok: false, refused: true, error: typeof code === 'string' ? code : String(response.status) };
    }
    const answer = response.ok ? parseTokenAnswer(body, new Date()) : null;
    return answer ? { ok: true, answer } : { ok: false, refused: false, error: `status ${response.status}` };
  };
  return {
    exchangeCode: (settings, { code, verifier, redirectUrl }) =>
      post(settings, {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: redirectUrl,
        client_id: settings.clientId,
      }),
    refresh: (settings, refreshToken) =>
      post(settings, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: settings.clientId,
      }),
    revoke: async (settings, refreshToken) => {
      if (!settings.revokeUrl) return false;
      try {
        const response = await send(settings, settings.revokeUrl, {
          token: refreshToken,
          token_type_hint: 'refresh_token',
        });
        await response.body?.cancel();
        return response.ok;
      } catch {
        return false;
      }
    },
  };
}
