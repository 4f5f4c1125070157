import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../security/constant-time.ts';
import { DOWNLOAD_TTL_SECONDS } from '../epub/result.ts';

/** Export ids are URL-safe: a base-36 time prefix and random base64url. */
export const exportIdPattern = /^[a-z0-9]{6,12}-[A-Za-z0-9_-]{16,32}$/;

function signature(id: string, expires: number, secret: Uint8Array): string {
  return createHmac('sha256', secret).update(`epub-download\n${id}\n${expires}`).digest('base64url');
}

/**
 * A short-lived signed download path for an export: `/api/admin/download/{id}/{expires}/{sig}`,
 * where sig is an HMAC-SHA256 of the id and the expiry (unix seconds). It carries no query string,
 * so docs/spec.md's `{downloadUrl}?password=` form still appends cleanly.
 */
export function signedDownloadPath(id: string, secret: Uint8Array, nowMs: number, ttlSeconds = DOWNLOAD_TTL_SECONDS): string {
  const expires = Math.floor(nowMs / 1000) + ttlSeconds;
  return `/api/admin/download/${id}/${expires}/${signature(id, expires, secret)}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Checks a download signature: 'invalid' when forged or malformed, 'expired' when too old. */
export function checkDownloadSignature(id: string, expiresText: string, sig: string, secrets: Uint8Array[], nowMs: number): SignatureCheck {
  if (!/^[1-9]\d{0,11}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return 'invalid';
  const expires = Number(expiresText);
  // Compared as text, not as decoded bytes: the last of 43 base64url characters carries two
  // unused bits, so several spellings decode to the same bytes; only the canonical one is valid.
  // The expiry likewise has one spelling (no leading zeros).
  const ok = secrets.some((secret) => constantTimeEqual(signature(id, expires, secret), sig));
  if (!ok) return 'invalid';
  return expires * 1000 < nowMs ? 'expired' : 'valid';
}
