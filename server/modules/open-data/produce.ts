import crypto from 'node:crypto';
import { desc, eq, inArray, lt } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { dataDumps, type DataDumpRow, type DumpFileRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { newFileName } from '@server/infra/storage';
import { writeDump } from './write-dump';
import { schemaDescription } from './schema-description';

const DAY_MS = 24 * 3600_000;
/** A dump's day: the UTC date it was made. */
export const dumpDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Makes the day's dump unless it exists: the cases streamed into gzip files, the schema beside
 * them, then one row listing them. Two runners racing for a day keep the first row and the loser
 * removes its files. Answers the new dump, or null when the day had one.
 */
export async function makeDailyDump(services: Services, now = new Date()): Promise<DataDumpRow | null> {
  const { db, storage } = services;
  const day = dumpDay(now);
  const [existing] = await db.select({ id: dataDumps.id }).from(dataDumps).where(eq(dataDumps.day, day));
  if (existing) return null;
  const written = await writeDump(services);
  const files: DumpFileRow[] = [];
  try {
    for (const f of written.files) {
      const name = newFileName('gz', now);
      await storage.commit(f.temp, name);
      files.push({ kind: f.kind, name, bytes: f.bytes, sha256: f.sha256 });
    }
    const schema = Buffer.from(`${JSON.stringify(schemaDescription(day), null, 2)}\n`);
    const schemaName = newFileName('json', now);
    await storage.write(schemaName, schema);
    files.push({ kind: 'schema', name: schemaName, bytes: schema.length, sha256: crypto.createHash('sha256').update(schema).digest('hex') });
    const [row] = await db.insert(dataDumps).values({ day, cases: written.cases, files, createTime: now }).onConflictDoNothing({ target: dataDumps.day }).returning();
    if (row) return row;
  } catch (e) {
    await removeFiles(services, files);
    await Promise.all(written.files.map((f) => storage.discard(f.temp)));
    throw e;
  }
  await removeFiles(services, files);
  return null;
}

const removeFiles = (services: Services, files: DumpFileRow[]) => Promise.all(files.map((f) => services.storage.remove(f.name)));

/** Deletes the dumps older than the days they are kept (LIMITS.dumpKeepDays), files first. */
export async function pruneOldDumps(services: Services, now = new Date()): Promise<number> {
  const cutoff = dumpDay(new Date(now.getTime() - LIMITS.dumpKeepDays * DAY_MS));
  const old = await services.db.select().from(dataDumps).where(lt(dataDumps.day, cutoff));
  if (!old.length) return 0;
  for (const dump of old) await removeFiles(services, dump.files);
  await services.db.delete(dataDumps).where(
    inArray(
      dataDumps.id,
      old.map((d) => d.id),
    ),
  );
  return old.length;
}

/** The kept dumps, newest first. */
export const listDumps = (services: Services) => services.db.select().from(dataDumps).orderBy(desc(dataDumps.day)).limit(LIMITS.dumpKeepDays + 1);

export async function dumpOfDay(services: Services, day: string) {
  const [row] = await services.db.select().from(dataDumps).where(eq(dataDumps.day, day));
  return row ?? null;
}
