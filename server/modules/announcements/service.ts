import { and, desc, eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { Announcement, AnnouncementName, AnnouncementVersion } from '@shared/schemas/announcements';
import { announcements, users, type AnnouncementRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/services';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction, type Recorder } from '@server/realtime/outbox';
import { recordAdminAction } from '@server/modules/admin/oplog';

type Row = AnnouncementRow & { authorName: string | null };

function presentVersion(row: Row, latest: number): AnnouncementVersion {
  return {
    name: row.name as AnnouncementName,
    version: row.version,
    title: row.title,
    createTime: row.createTime.toISOString(),
    authorId: row.authorId,
    authorName: row.authorName,
    restoredFrom: row.restoredFrom,
    latest: row.version === latest,
  };
}
const present = (row: Row, latest: number): Announcement => ({ ...presentVersion(row, latest), content: row.content });

const latestVersionSql = (name: string) => sql<number>`(select coalesce(max(${announcements.version}), 0) from ${announcements} where ${announcements.name} = ${name})`;

/** A version of a document (the latest when `version` is absent), or null when there is none. */
export async function readAnnouncement(db: DbOrTx, name: AnnouncementName, version?: number): Promise<Announcement | null> {
  const cond = version ? and(eq(announcements.name, name), eq(announcements.version, version)) : eq(announcements.name, name);
  const [row] = await db
    .select({ row: announcements, authorName: users.username, latest: latestVersionSql(name) })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(cond)
    .orderBy(desc(announcements.version))
    .limit(1);
  return row ? present({ ...row.row, authorName: row.authorName }, Number(row.latest)) : null;
}

/** A document's versions, newest first, with an exact total. */
export async function announcementVersions(db: DbOrTx, name: AnnouncementName, page: { skip: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: announcements, authorName: users.username })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(eq(announcements.name, name))
      .orderBy(desc(announcements.version))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int`, latest: sql<number>`coalesce(max(${announcements.version}), 0)` }).from(announcements).where(eq(announcements.name, name)),
  ]);
  const latest = Number(count?.latest ?? 0);
  return { data: rows.map((r) => presentVersion({ ...r.row, authorName: r.authorName }, latest)), total: Number(count?.n ?? 0) };
}

/** Writes the next version of a document; publishers of one document queue on a transaction lock. */
async function publish(r: Recorder, user: AuthedUser, values: { name: AnnouncementName; title: string; content: string; restoredFrom: number | null }) {
  const { tx } = r;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`announcement:${values.name}`}))`);
  const [{ latest }] = (await tx
    .select({ latest: sql<number>`coalesce(max(${announcements.version}), 0)` })
    .from(announcements)
    .where(eq(announcements.name, values.name))) as [{ latest: number }];
  const version = Number(latest) + 1;
  const [row] = await tx.insert(announcements).values({ ...values, version, authorId: user.id }).returning();
  const announcement = present({ ...row!, authorName: user.row.username }, version);
  await recordAdminAction(tx, {
    actorId: user.id,
    action: values.restoredFrom ? 'restoreAnnouncement' : 'setAnnouncement',
    detail: { name: values.name, version, title: values.title, ...(values.restoredFrom ? { restoredFrom: values.restoredFrom } : {}) },
  });
  await r.emit(roomOf.all, 'announcement.published', { announcement });
  return announcement;
}

/** Publishes a new version (rich text sanitised with the shared allowlist). */
export async function setAnnouncement(services: Services, user: AuthedUser, input: { name: AnnouncementName; title: string; content: string }) {
  const content = sanitizeRichText(input.content);
  if (!content.trim()) throw new AppError('setAnnouncement.bad', 'the document is empty');
  return inTransaction(services, (r) => publish(r, user, { name: input.name, title: input.title, content, restoredFrom: null }));
}

/** Publishes an older version again, as the newest. */
export async function restoreAnnouncement(services: Services, user: AuthedUser, input: { name: AnnouncementName; version: number }) {
  return inTransaction(services, async (r) => {
    const old = await readAnnouncement(r.tx, input.name, input.version);
    if (!old) throw new AppError('restoreAnnouncement.notFound', 'no such version');
    return publish(r, user, { name: input.name, title: old.title, content: old.content, restoredFrom: old.version });
  });
}
