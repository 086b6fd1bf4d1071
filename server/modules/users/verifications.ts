import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { verifications, type VerificationType } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 64-character random code (about 381 bits). */
export function newCode(): string {
  const bytes = crypto.randomBytes(64);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

export type NewVerification = Omit<typeof verifications.$inferInsert, 'code' | 'type' | 'expiresTime' | 'createTime'>;

/** What is stored of a code: its SHA-256, so the table opens no account to whoever reads it. */
export const codeDigest = (code: string) => crypto.createHash('sha256').update(code, 'utf8').digest('hex');

/** Stores a new code's digest and returns the code, which only the mail carries. */
export async function createVerification(db: DbOrTx, type: VerificationType, fields: NewVerification, now = Date.now()) {
  const code = newCode();
  await db.insert(verifications).values({ ...fields, type, code: codeDigest(code), expiresTime: new Date(now + LIMITS.verificationTtlMs) });
  return code;
}

/** Takes a code out for use: the row is locked, read and deleted (single use). */
export async function takeVerification(tx: DbOrTx, type: VerificationType, code: string) {
  const [row] = await tx.delete(verifications).where(and(eq(verifications.code, codeDigest(code)), eq(verifications.type, type))).returning();
  return row ?? null;
}

/** Deletes every code of this type still pending for the account (a reset spent voids the others mailed before it). */
export async function dropVerificationsOf(tx: DbOrTx, type: VerificationType, userId: number) {
  await tx.delete(verifications).where(and(eq(verifications.type, type), eq(verifications.userId, userId)));
}

export const isExpired = (row: { expiresTime: Date }, now = Date.now()) => row.expiresTime.getTime() <= now;

/** Whether an unexpired sign-up is pending for this username. */
export async function usernamePending(db: DbOrTx, username: string) {
  const rows = await db
    .select({ code: verifications.code })
    .from(verifications)
    .where(and(eq(verifications.type, 'register'), sql`lower(${verifications.username}) = ${username.toLowerCase()}`, gt(verifications.expiresTime, new Date())))
    .limit(1);
  return rows.length > 0;
}

/** Whether an unexpired sign-up or binding (by someone other than `exceptUserId`) claims this platform account. */
export async function originPending(db: DbOrTx, originUserId: string, exceptUserId?: number) {
  const rows = await db
    .select({ userId: verifications.userId })
    .from(verifications)
    .where(and(eq(verifications.originUserId, originUserId), gt(verifications.expiresTime, new Date())));
  return rows.some((r) => r.userId === null || r.userId !== exceptUserId);
}
