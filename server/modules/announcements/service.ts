import { and, desc, eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@shared/languages';
import type { Announcement, AnnouncementName, AnnouncementVersion } from '@shared/schemas/announcements';
import { announcements, users, type AnnouncementRow } from '@server/db/schema';
import type { DbOrTx, Tx } from '@server/db/client';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction, lastSeqOf, type Recorder } from '@server/db/outbox';
import { recordAdminAction } from '@server/modules/admin/oplog';

type Row = AnnouncementRow & { authorName: string | null };

function presentVersion(row: Row, latest: number): AnnouncementVersion {
  return {
    name: row.name as AnnouncementName,
    language: row.language as LanguageCode,
    version: row.version,
    title: row.title,
    createTime: row.createTime.toISOString(),
    authorId: row.authorId,
    authorName: row.authorName,
    restoredFrom: row.restoredFrom,
    latest: row.version === latest,
  };
}
const present = (row: Row, latest: number, languages: LanguageCode[]): Announcement => ({ ...presentVersion(row, latest), content: row.content, languages });

const ofDocument = (name: AnnouncementName, language: LanguageCode) => and(eq(announcements.name, name), eq(announcements.language, language));

/** Each language a document has versions in, with its latest version, in the order of shared/languages.ts. */
async function latestPerLanguage(db: DbOrTx, name: AnnouncementName): Promise<Map<LanguageCode, number>> {
  const rows = await db
    .select({ language: announcements.language, latest: sql<number>`max(${announcements.version})` })
    .from(announcements)
    .where(eq(announcements.name, name))
    .groupBy(announcements.language);
  const found = new Map(rows.map((r) => [r.language, Number(r.latest)]));
  return new Map(LANGUAGE_CODES.filter((l) => found.has(l)).map((l) => [l, found.get(l)!]));
}

/** One version of a document in exactly this language (the latest when `version` is absent), or null. */
async function readExact(db: DbOrTx, name: AnnouncementName, language: LanguageCode, latest: Map<LanguageCode, number>, version?: number): Promise<Announcement | null> {
  const newest = latest.get(language);
  if (newest === undefined) return null;
  const [row] = await db
    .select({ row: announcements, authorName: users.username })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .where(and(ofDocument(name, language), eq(announcements.version, version ?? newest)));
  return row ? present({ ...row.row, authorName: row.authorName }, newest, [...latest.keys()]) : null;
}

/**
 * What a reader of `language` gets of a document: its version in that language (the latest when
 * `version` is absent), or en-US's while the document has none in that language; null when
 * there is no such version.
 */
export async function readAnnouncement(db: DbOrTx, name: AnnouncementName, language: LanguageCode, version?: number): Promise<Announcement | null> {
  const latest = await latestPerLanguage(db, name);
  return readExact(db, name, latest.has(language) ? language : FALLBACK_LANGUAGE, latest, version);
}

/**
 * A document as a page shows it live: the `all` room's sequence is read first, so whatever is
 * published after the read has a later one and the room replays it to a page that joins from there.
 */
export async function readLiveAnnouncement(db: DbOrTx, name: AnnouncementName, language: LanguageCode, version?: number) {
  const lastSeq = await lastSeqOf(db, roomOf.all);
  return { doc: await readAnnouncement(db, name, language, version), lastSeq };
}

/** A document's versions in one language, newest first, with an exact total. */
export async function announcementVersions(db: DbOrTx, name: AnnouncementName, language: LanguageCode, page: { skip: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: announcements, authorName: users.username })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.authorId))
      .where(ofDocument(name, language))
      .orderBy(desc(announcements.version))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int`, latest: sql<number>`coalesce(max(${announcements.version}), 0)` }).from(announcements).where(ofDocument(name, language)),
  ]);
  const latest = Number(count?.latest ?? 0);
  return { data: rows.map((r) => presentVersion({ ...r.row, authorName: r.authorName }, latest)), total: Number(count?.n ?? 0) };
}

/** Writers of one document (publishers, restorers, the start-up seed) queue on this transaction lock. */
export const lockDocument = (tx: Tx, name: AnnouncementName) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`announcement:${name}`}))`);

type Publication = { name: AnnouncementName; language: LanguageCode; title: string; content: string; restoredFrom: number | null };

/** Writes the next version of a document in its language. */
async function publish(r: Recorder, user: AuthedUser, values: Publication) {
  const { tx } = r;
  await lockDocument(tx, values.name);
  const before = await latestPerLanguage(tx, values.name);
  const version = (before.get(values.language) ?? 0) + 1;
  const [row] = await tx.insert(announcements).values({ ...values, version, authorId: user.id }).returning();
  const languages = LANGUAGE_CODES.filter((l) => l === values.language || before.has(l));
  const announcement = present({ ...row!, authorName: user.row.username }, version, languages);
  await recordAdminAction(tx, {
    actorId: user.id,
    action: values.restoredFrom ? 'restoreAnnouncement' : 'setAnnouncement',
    detail: { name: values.name, language: values.language, version, title: values.title, ...(values.restoredFrom ? { restoredFrom: values.restoredFrom } : {}) },
  });
  await r.emit(roomOf.all, 'announcement.published', { announcement });
  return announcement;
}

/** Publishes a new version (rich text sanitised with the shared allowlist). */
export async function setAnnouncement(services: Services, user: AuthedUser, input: { name: AnnouncementName; language: LanguageCode; title: string; content: string }) {
  const content = sanitizeRichText(input.content);
  if (!content.trim()) throw new AppError('setAnnouncement.bad', 'the document is empty');
  return inTransaction(services, (r) => publish(r, user, { name: input.name, language: input.language, title: input.title, content, restoredFrom: null }));
}

/** Publishes an older version of a language again, as its newest. */
export async function restoreAnnouncement(services: Services, user: AuthedUser, input: { name: AnnouncementName; language: LanguageCode; version: number }) {
  return inTransaction(services, async (r) => {
    const old = await readExact(r.tx, input.name, input.language, await latestPerLanguage(r.tx, input.name), input.version);
    if (!old) throw new AppError('restoreAnnouncement.notFound', 'no such version in this language');
    return publish(r, user, { name: input.name, language: input.language, title: old.title, content: old.content, restoredFrom: old.version });
  });
}
