import type { Request } from 'express';
import type { DbOrTx } from '@server/db/client';
import { userOperationLog, type UserOperationKind } from '@server/db/schema';

/** Where a request came from, as the user operation log keeps it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** The caller's address (as trusted by the proxy settings) and user agent, cut to the column sizes. */
export function clientOf(req: Pick<Request, 'headers'>, ip: string): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: ip ? ip.slice(0, 64) : null, userAgent: typeof ua === 'string' && ua ? ua.slice(0, 255) : null };
}

export interface UserOperation {
  userId: number;
  kind: UserOperationKind;
  client?: ClientInfo | null;
  /** What changed; never a password, hash, token or code. */
  detail?: Record<string, unknown>;
}

/** Appends an operation of a user on their own account, inside the transaction that makes it. */
export async function recordUserOperation(tx: DbOrTx, op: UserOperation): Promise<void> {
  await tx.insert(userOperationLog).values({
    userId: op.userId,
    kind: op.kind,
    ip: op.client?.ip ?? null,
    userAgent: op.client?.userAgent ?? null,
    detail: op.detail ?? {},
  });
}
