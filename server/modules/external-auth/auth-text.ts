import crypto from 'node:crypto';

/**
 * The line an app publishes in `https://<its host>/auths.txt` to show that the account asking
 * for it (a bot or staff account) controls that host. Derived from the server secret, so it
 * cannot be guessed, and stable, so the app publishes it once.
 */
export function authTextOf(secret: string, requesterId: number): string {
  const mac = crypto.createHmac('sha256', secret).update(`app-auth:${requesterId}`).digest('hex').slice(0, 40);
  return `tribunal-app-auth=${requesterId}.${mac}`;
}

/** Whether a fetched auths.txt carries the requester's line (one line of the file, exactly). */
export const publishesAuthText = (file: string, text: string) => file.split(/\r?\n/).some((line) => line.trim() === text);
