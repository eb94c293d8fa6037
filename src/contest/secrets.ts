/**
 * The contest's secrets: the admin key, authors' tokens, invite codes and web sessions. Each is 32
 * random bytes (node:crypto), kept only as its SHA-256 hash: a stolen database gives none of them
 * away, and a secret that random needs no slow hash. Looked up by hash, then compared in constant
 * time, so that a comparison's time tells nothing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret, `prefix` first so that a person can tell what it is (`tbl_admin_...`). */
export const newSecret = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Whether `secret` is the one whose hash is `hash`, in a time that does not depend on where they differ. */
export function matchesHash(secret: string, hash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** The prefixes: what a secret is, at a glance. */
export const SECRET = { admin: 'tbl_admin_', token: 'tbl_token_', invite: 'tbl_invite_', session: '' } as const;
