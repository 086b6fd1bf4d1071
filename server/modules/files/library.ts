import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ADMIN_LEVELS, hasAny } from '@shared/privileges';
import { files, type FileKind, type FileState } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { fileByName } from './service';
import { presentFile } from './present';
import { releaseQuota } from './quota';
import { dropAvatarOf } from './avatar';
import { inTransaction } from '@server/db/outbox';
import { recordAdminAction } from '@server/modules/admin/oplog';
import { containsPattern } from '@server/modules/search/like';

export interface FileFilter {
  userId?: number;
  /** Text the file's own name contains, in any case. */
  name?: string;
  kind?: FileKind;
  state?: FileState;
  createTimeFrom?: number;
  createTimeTo?: number;
  skip: number;
  limit: number;
}

/** Files newest first, with their states and thumbnails, and how many match. */
export async function listFiles(services: Services, filter: FileFilter) {
  const where: SQL[] = [];
  if (filter.userId) where.push(eq(files.byUserId, filter.userId));
  if (filter.name) where.push(sql`lower(${files.originalName}) LIKE ${containsPattern(filter.name.toLowerCase())} ESCAPE '\\'`);
  if (filter.kind) where.push(eq(files.kind, filter.kind));
  if (filter.state) where.push(eq(files.state, filter.state));
  if (filter.createTimeFrom !== undefined) where.push(gte(files.createTime, new Date(filter.createTimeFrom)));
  if (filter.createTimeTo !== undefined) where.push(lte(files.createTime, new Date(filter.createTimeTo)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    services.db.select().from(files).where(cond).orderBy(desc(files.createTime), desc(files.id)).offset(filter.skip).limit(filter.limit),
    services.db.select({ n: count() }).from(files).where(cond),
  ]);
  return { data: rows.map(presentFile), total: total?.n ?? 0 };
}

/** Deletes a file: its owner, or super/root/dev. Its storage goes back to the owner's quota. */
export async function deleteFile(services: Services, user: AuthedUser, name: string) {
  const row = await fileByName(services.db, name);
  if (!row) throw new AppError('file.notFound');
  if (row.byUserId !== user.id && !hasAny(user.privileges, ADMIN_LEVELS[2])) throw new AppError('user.permissionDenied', 'only the owner or super/root/dev may delete a file');
  const gone = await inTransaction(services, async (r) => {
    const [deleted] = await r.tx.delete(files).where(eq(files.id, row.id)).returning();
    if (!deleted) return null;
    // A failed file's storage was already given back when it failed.
    if (deleted.state !== 'failed') await releaseQuota(r.tx, deleted.byUserId, deleted.size, { daily: false });
    await dropAvatarOf(r, deleted.byUserId, deleted.name);
    if (deleted.byUserId !== user.id) {
      await recordAdminAction(r.tx, { actorId: user.id, action: 'deleteFile', targetUserId: deleted.byUserId, detail: { filename: deleted.name, kind: deleted.kind, size: deleted.size } });
    }
    return deleted;
  });
  if (!gone) throw new AppError('file.notFound');
  await services.storage.remove(row.name);
  return { filename: row.name };
}
