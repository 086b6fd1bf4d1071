import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19 MiB, t=2, p=1: the OWASP minimum).
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the time of a real check when there is no account, so timing does not reveal which usernames exist. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hash('no-such-account-password');
  await verifyPassword(await dummy, password);
  return false;
}
