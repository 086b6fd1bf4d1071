import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP minimum).
export const hashPassword = (password: string) => hash(password);

/** bcrypt hashes come from an imported BFBAN community (its users.password, cost 10). */
const isBcrypt = (stored: string) => /^\$2[abxy]?\$\d{2}\$/.test(stored);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return isBcrypt(stored) ? await bcrypt.compare(password, stored) : await verify(stored, password);
  } catch {
    return false;
  }
}

/** A stored hash that is not argon2id is replaced at the next successful sign-in. */
export const needsRehash = (stored: string) => !stored.startsWith('$argon2id$');

let dummy: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so timing does not reveal which usernames exist. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hash('no-such-account-password');
  await verifyPassword(await dummy, password);
  return false;
}
