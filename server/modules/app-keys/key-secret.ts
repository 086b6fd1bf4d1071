import { createHmac, randomBytes } from 'node:crypto';
import { APP_KEY_PREFIX } from '@shared/applications';

/**
 * A new key: the prefix and 32 random bytes (256 bits) in base64url. With that much entropy a slow
 * password hash buys nothing (no one can guess through the space), so the stored form is a fast
 * HMAC-SHA-256 keyed with the server's secret: a copy of the table alone cannot even test a guess,
 * and a request's key is checked with one hash and one indexed read.
 */
export function newKeySecret(): string {
  return APP_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The stored form of a key (hex). */
export const keyHash = (serverSecret: string, key: string) => createHmac('sha256', serverSecret).update(`app-key:${key}`).digest('hex');

/** The characters shown to tell keys apart (the prefix and 6 of the random part: nothing to guess with). */
export const keyPrefixOf = (key: string) => key.slice(0, APP_KEY_PREFIX.length + 6);
