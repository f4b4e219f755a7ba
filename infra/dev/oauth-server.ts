// A small, real OAuth 2 authorization server on loopback, standing in for Google's, Microsoft's and Front's
// in development and tests (decision 0036). It does what theirs do to a client: registered clients with
// their secrets and redirect addresses; the authorization-code grant with PKCE (S256 only), each code
// single-use, short-lived and bound to its client, redirect address and challenge; access tokens that
// expire; refresh tokens, rotated at each use; revocation (RFC 7009); and token introspection (RFC 7662), which
// the local mail servers ask to check an access token a mailbox signs in with over SASL XOAUTH2 (decision
// 0037), as Gmail's and Outlook's servers check theirs. The authorization page signs in the account it is
// configured with (or `login_hint`) and consents at once: there is no person to click.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OAuthServerOptions {
  clients: OAuthClient[];
  /** the account the authorization page signs in when the request names none (`login_hint`) */
  account: string;
  /** lifetime of an access token (default 3600 s, as Google's and Microsoft's) */
  accessTokenSeconds?: number;
  port?: number;
}

interface Grant {
  clientId: string;
  account: string;
  scope: string;
}

export interface OAuthServer {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** RFC 7662 introspection: a registered client (a resource server) posts `token`, HTTP Basic */
  introspectionUrl: string;
  /** the grant an access token stands for while it is valid, else undefined (what a resource server checks) */
  introspect(accessToken: string): (Grant & { expiresAt: number }) | undefined;
  /** revokes every refresh and access token of an account, as its owner does in the provider's settings */
  revokeAccount(account: string): void;
  /** ends an account's access tokens before their expiry, keeping its refresh tokens (a provider ending sessions) */
  revokeAccessTokens(account: string): void;
  /**
   * Turns an account's mail access off or on, as an administrator turns IMAP and SMTP off for it: its tokens
   * are still issued and renewed, but introspection answers them inactive, so the mail servers refuse them.
   */
  setMailAccess(account: string, allowed: boolean): void;
  /** how many token requests of each grant type were answered 200 */
  issued: { authorization_code: number; refresh_token: number };
  setAccessTokenSeconds(seconds: number): void;
  close(): Promise<void>;
}

const token = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    pragma: 'no-cache',
  });
  res.end(JSON.stringify(body));
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The OpenID Connect id token naming the account, signed HS256 with the client secret. */
function idToken(issuer: string, client: OAuthClient, account: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    iss: issuer,
    aud: client.clientId,
    sub: createHash('sha256').update(account).digest('hex').slice(0, 21),
    email: account,
    email_verified: true,
    iat: now,
    exp: now + 3600,
  })}`;
  return `${body}.${createHmac('sha256', client.clientSecret).update(body).digest('base64url')}`;
}

export async function startOAuthServer(options: OAuthServerOptions): Promise<OAuthServer> {
  let accessTokenSeconds = options.accessTokenSeconds ?? 3600;
  const codes = new Map<
    string,
    Grant & { redirectUri: string; challenge: string; expiresAt: number; used: boolean }
  >();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant & { expiresAt: number; refreshToken: string }>();
  const issued = { authorization_code: 0, refresh_token: 0 };
  const mailAccessOff = new Set<string>();
  const clientOf = (id: string | null) => options.clients.find((c) => c.clientId === id);

  /** client_secret_basic or client_secret_post (RFC 6749 §2.3.1) */
  const authenticate = (req: IncomingMessage, form: URLSearchParams): OAuthClient | undefined => {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    if (basic) {
      const [user, pass] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(user ?? '');
      secret = decodeURIComponent(pass ?? '');
    }
    const client = clientOf(id);
    return client && secret !== null && same(client.clientSecret, secret) ? client : undefined;
  };

  const tokensFor = (client: OAuthClient, grant: Grant, withIdToken: boolean) => {
    const access = token();
    const refresh = token();
    refreshTokens.set(refresh, grant);
    accessTokens.set(access, {
      ...grant,
      expiresAt: Date.now() + accessTokenSeconds * 1000,
      refreshToken: refresh,
    });
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: accessTokenSeconds,
      refresh_token: refresh,
      scope: grant.scope,
      ...(withIdToken ? { id_token: idToken(url, client, grant.account) } : {}),
    };
  };

  const revokeRefresh = (refresh: string) => {
    refreshTokens.delete(refresh);
    for (const [access, grant] of accessTokens)
      if (grant.refreshToken === refresh) accessTokens.delete(access);
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    const client = clientOf(query.get('client_id'));
    const redirectUri = query.get('redirect_uri') ?? '';
    // An unknown client or redirect address is never redirected to (RFC 6749 §4.1.2.1).
    if (!client || !client.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('unknown client or redirect_uri');
      return;
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (state) back.searchParams.set('state', state);
    const challenge = query.get('code_challenge');
    if (query.get('response_type') !== 'code') back.searchParams.set('error', 'unsupported_response_type');
    else if (!challenge || query.get('code_challenge_method') !== 'S256') {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'PKCE with S256 is required');
    } else {
      const code = token();
      codes.set(code, {
        clientId: client.clientId,
        account: query.get('login_hint') || options.account,
        scope: query.get('scope') ?? '',
        redirectUri,
        challenge,
        expiresAt: Date.now() + 60_000,
        used: false,
      });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const tokenEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formOf(req);
    const client = authenticate(req, form);
    if (!client) return json(res, 401, { error: 'invalid_client' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (
        !code ||
        code.used ||
        code.expiresAt < Date.now() ||
        code.clientId !== client.clientId ||
        code.redirectUri !== form.get('redirect_uri') ||
        !same(s256(verifier), code.challenge)
      ) {
        // A code presented twice revokes what it gave (RFC 6749 §4.1.2); any failure burns it.
        if (code) code.used = true;
        return json(res, 400, { error: 'invalid_grant' });
      }
      code.used = true;
      issued.authorization_code += 1;
      return json(res, 200, tokensFor(client, code, true));
    }
    if (grantType === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const grant = refreshTokens.get(refresh);
      if (!grant || grant.clientId !== client.clientId) return json(res, 400, { error: 'invalid_grant' });
      revokeRefresh(refresh);
      issued.refresh_token += 1;
      return json(res, 200, tokensFor(client, grant, false));
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  };

  const revokeEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formOf(req);
    if (!authenticate(req, form)) return json(res, 401, { error: 'invalid_client' });
    const value = form.get('token') ?? '';
    if (refreshTokens.has(value)) revokeRefresh(value);
    accessTokens.delete(value);
    res.writeHead(200);
    res.end();
  };

  /**
   * RFC 7662: `{ active: false }` for a token unknown, expired or revoked; else what it grants, with the
   * account as `username` and `email` (what a mail server compares with the user signing in).
   */
  const introspectionEndpoint = async (req: IncomingMessage, res: ServerResponse) => {
    const form = await formOf(req);
    if (!authenticate(req, form)) return json(res, 401, { error: 'invalid_client' });
    const grant = accessTokens.get(form.get('token') ?? '');
    if (!grant || grant.expiresAt < Date.now() || mailAccessOff.has(grant.account))
      return json(res, 200, { active: false });
    return json(res, 200, {
      active: true,
      scope: grant.scope,
      client_id: grant.clientId,
      username: grant.account,
      email: grant.account,
      token_type: 'Bearer',
      exp: Math.floor(grant.expiresAt / 1000),
    });
  };

  const server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${address.pathname}`;
    const done = (p: Promise<void> | void) =>
      Promise.resolve(p).catch(() => {
        if (!res.headersSent) json(res, 500, { error: 'server_error' });
      });
    if (route === 'GET /authorize') return done(authorize(res, address.searchParams));
    if (route === 'POST /token') return done(tokenEndpoint(req, res));
    if (route === 'POST /revoke') return done(revokeEndpoint(req, res));
    if (route === 'POST /introspect') return done(introspectionEndpoint(req, res));
    json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    authorizeUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    revokeUrl: `${url}/revoke`,
    introspectionUrl: `${url}/introspect`,
    issued,
    introspect(accessToken) {
      const grant = accessTokens.get(accessToken);
      if (!grant || grant.expiresAt < Date.now()) return undefined;
      return {
        clientId: grant.clientId,
        account: grant.account,
        scope: grant.scope,
        expiresAt: grant.expiresAt,
      };
    },
    revokeAccount(account) {
      for (const [refresh, grant] of refreshTokens) if (grant.account === account) revokeRefresh(refresh);
    },
    revokeAccessTokens(account) {
      for (const [access, grant] of accessTokens) if (grant.account === account) accessTokens.delete(access);
    },
    setMailAccess(account, allowed) {
      if (allowed) mailAccessOff.delete(account);
      else mailAccessOff.add(account);
    },
    setAccessTokenSeconds(seconds) {
      accessTokenSeconds = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The directory's settings (decision 0036) that send one provider's sign-in to this server with a client it
 * registered. The revocation address only for Google: Microsoft and Front have no revocation endpoint.
 */
export function signInSettings(
  server: Pick<OAuthServer, 'authorizeUrl' | 'tokenUrl' | 'revokeUrl'>,
  provider: 'google' | 'microsoft' | 'front',
  client: Pick<OAuthClient, 'clientId' | 'clientSecret'>,
): Record<string, string> {
  const prefix = `${provider.toUpperCase()}_OAUTH_`;
  return {
    [`${prefix}CLIENT_ID`]: client.clientId,
    [`${prefix}CLIENT_SECRET`]: client.clientSecret,
    [`${prefix}AUTHORIZE_URL`]: server.authorizeUrl,
    [`${prefix}TOKEN_URL`]: server.tokenUrl,
    ...(provider === 'google' ? { [`${prefix}REVOKE_URL`]: server.revokeUrl } : {}),
  };
}
