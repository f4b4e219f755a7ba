// The identity the gateway signs for each request it forwards, and its check in every
// service. Ed25519: services hold only the public key, so no service can mint identities.

import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { bitAnd } from '@loadline/contracts/catalogue';

export const identityHeader = 'x-loadline-identity';

/** How long a signed identity is accepted: long enough for a slow request, short enough that a stolen header dies. */
export const identityLifetimeSeconds = 60;

export interface Identity {
  userId: string;
  kind: 'staff' | 'customer';
  email: string;
  displayName: string;
  organizationId: string;
  /** 60 LSP, 70 Customer, 80 Factor (spec 002 §1) */
  organizationType: number;
  /** the broker (LSP) organization whose data this user works in */
  brokerId: string;
  /** staff permission bits (spec 002 §6.2) */
  permissions: number;
  /** customer-user setting bits (spec 002 §6.3) */
  customerSettings: number;
  sessionId: string;
}

interface SignedClaims extends Identity {
  exp: number;
}

const b64 = (s: Buffer | string) => Buffer.from(s).toString('base64url');

// Parsing a PEM costs more than signing with it: keep each key object once.
const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();
const privateKeyOf = (pem: string) => {
  const known = privateKeys.get(pem);
  if (known) return known;
  const key = createPrivateKey(pem);
  privateKeys.set(pem, key);
  return key;
};
const publicKeyOf = (pem: string) => {
  const known = publicKeys.get(pem);
  if (known) return known;
  const key = createPublicKey(pem);
  publicKeys.set(pem, key);
  return key;
};

/** When an identity signed at `now` stops being accepted, in seconds since the epoch (its `exp`). */
const expiryOf = (now: number) => Math.floor(now / 1000) + identityLifetimeSeconds;

export function signIdentity(identity: Identity, privateKey: KeyObject | string, now = Date.now()): string {
  const key = typeof privateKey === 'string' ? privateKeyOf(privateKey) : privateKey;
  const claims: SignedClaims = { ...identity, exp: expiryOf(now) };
  const body = b64(JSON.stringify(claims));
  const signature = sign(null, Buffer.from(body), key);
  return `${body}.${b64(signature)}`;
}

/**
 * Signs identities for the gateway, reusing a signed header while it keeps at least half its lifetime:
 * a session's requests then carry the same header for ~30 s, which each service checks once (see
 * `verifyIdentity`) instead of once per request. A changed identity (permissions, name) is signed anew.
 */
export class IdentitySigner {
  private readonly key: KeyObject;
  private readonly signed = new Map<string, { header: string; exp: number }>();
  constructor(privateKey: KeyObject | string) {
    this.key = typeof privateKey === 'string' ? privateKeyOf(privateKey) : privateKey;
  }
  sign(identity: Identity, now = Date.now()): string {
    const content = JSON.stringify(identity);
    const known = this.signed.get(content);
    if (known && (known.exp - identityLifetimeSeconds / 2) * 1000 > now) return known.header;
    const header = signIdentity(identity, this.key, now);
    if (this.signed.size >= rememberedIdentities) this.signed.clear();
    this.signed.set(content, { header, exp: expiryOf(now) });
    return header;
  }
}

/** Ours: signed or checked identities remembered at most (beyond it, the memory starts afresh). */
export const rememberedIdentities = 1024;

// Headers whose signature checked out, per public key: the same bytes again need no second Ed25519
// check (their expiry is still checked each time). Only good signatures are remembered.
const checkedHeaders = new WeakMap<KeyObject, Map<string, SignedClaims>>();

export type IdentityCheck = { ok: true; identity: Identity } | { ok: false; reason: string };

export function verifyIdentity(
  header: string,
  publicKey: KeyObject | string,
  now = Date.now(),
): IdentityCheck {
  const key = typeof publicKey === 'string' ? publicKeyOf(publicKey) : publicKey;
  let checked = checkedHeaders.get(key);
  if (!checked) {
    checked = new Map();
    checkedHeaders.set(key, checked);
  }
  let claims = checked.get(header);
  if (!claims) {
    const [body, signature, extra] = header.split('.');
    if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed identity' };
    if (!verify(null, Buffer.from(body), key, Buffer.from(signature, 'base64url'))) {
      return { ok: false, reason: 'identity signature does not match' };
    }
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SignedClaims;
    } catch {
      return { ok: false, reason: 'malformed identity' };
    }
    if (checked.size >= rememberedIdentities) checked.clear();
    checked.set(header, claims);
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < now)
    return { ok: false, reason: 'identity expired' };
  const { exp: _exp, ...identity } = claims;
  return { ok: true, identity };
}

export function generateIdentityKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export const isStaff = (identity: Identity) => identity.kind === 'staff';

/** True for staff holding every bit of `permission` (spec 002 §6.2). */
export const hasPermission = (identity: Identity, permission: number) =>
  identity.kind === 'staff' && bitAnd(identity.permissions, permission) === permission;
