import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/** A key as the name indexes read it: one word, `_` written `0` (keys hold no digits). */
export const asWord = (key: string) => key.replace(/_/g, '0');

/** Every distinct 4 characters of a word, in order: what `name_quadgrams` (SQL) indexes. */
export function quadgrams(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 4 <= chars.length; i++) out.add(chars.slice(i, i + 4).join(''));
  return [...out];
}

/** 4-grams this common (share of names) are looked up only when no rarer one is left. */
const COMMON = 0.02;
/** At most this many 4-grams per lookup: a few rare ones already leave few candidates. */
const LOOKUP_MAX = 4;
/** Beyond the two rarest, only 4-grams rarer than this are added. */
const RARE = 0.005;
/** A pattern in at least this share of the names is broad: its hits are read in the sort's order until a page is full, not all found first. */
export const BROAD = 0.02;
/** A pattern in less than this share of the names has few matches (a few thousand on a site of a million names): found and sorted at once. */
export const FEW = 0.002;
/** How long a server keeps the 4-gram frequencies between readings. */
const FREQUENCIES_TTL_MS = 10 * 60 * 1000;

/**
 * The most common 4-grams of the names and their shares, as ANALYZE last sampled them (the
 * statistics of index `name_history_quadgram_idx`); empty when there are none yet.
 */
async function readFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const res = (await db.execute(
    sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats where tablename = 'name_history_quadgram_idx' and schemaname = current_schema() limit 1`,
  )) as unknown as { rows: Array<{ elems: string[] | null; freqs: number[] | null }> };
  const row = res.rows[0];
  const out = new Map<string, number>();
  if (!row?.elems || !row.freqs) return out;
  row.elems.forEach((t, i) => out.set(t, Number(row.freqs![i])));
  return out;
}

const frequencyCache = new WeakMap<object, { at: number; value: Promise<Map<string, number>> }>();
export function quadgramFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const hit = frequencyCache.get(db);
  if (hit && Date.now() - hit.at < FREQUENCIES_TTL_MS) return hit.value;
  const value = readFrequencies(db).catch(() => new Map<string, number>());
  frequencyCache.set(db, { at: Date.now(), value });
  return value;
}

/**
 * The 4-grams of `word` to look up in `name_history_quadgram_idx`. A name holding the word holds all
 * of its 4-grams, so any of them finds it, and the whole pattern is then checked on the names found;
 * the fewer and rarer the 4-grams, the less the index reads (a common one, in a name of fifty or
 * more, means a long list). So: the two rarest (those absent from the statistics count as rarest,
 * spread over the word), then up to `LOOKUP_MAX` in all of those still rare (under 0.5%); the
 * commonest ones never, unless nothing rarer is left.
 */
export function lookupGrams(word: string, frequencies: ReadonlyMap<string, number>): string[] {
  const grams = quadgrams(word);
  const share = (g: string) => frequencies.get(g) ?? 0;
  const ranked = grams.map((g, i) => ({ g, i, s: share(g) }));
  const unknown = ranked.filter((r) => r.s === 0);
  // Unknown shares are all "rarest": take them spread from the word's start to its end.
  const spread =
    unknown.length > LOOKUP_MAX ? Array.from({ length: LOOKUP_MAX }, (_, k) => unknown[Math.round((k * (unknown.length - 1)) / (LOOKUP_MAX - 1))]!) : unknown;
  const order = [...spread, ...ranked.filter((r) => r.s > 0).sort((a, b) => a.s - b.s)];
  const uncommon = order.filter((r) => r.s < COMMON);
  if (!uncommon.length) return order.slice(0, 1).map((r) => r.g);
  const chosen = uncommon.filter((r, k) => k < 2 || (k < LOOKUP_MAX && r.s < RARE));
  return chosen.sort((a, b) => a.i - b.i).map((r) => r.g);
}

/**
 * The share of names that hold `word`, as far as the 4-gram statistics tell (0 when they do not):
 * at most that of its rarest 4-gram; for 3 characters, half the summed shares of the common 4-grams
 * holding it (an occurrence inside a name sits in up to two of them).
 */
export function shareOf(word: string, frequencies: ReadonlyMap<string, number>): number {
  const chars = [...word];
  if (chars.length >= 4) return Math.min(...quadgrams(word).map((g) => frequencies.get(g) ?? 0));
  let sum = 0;
  for (const [gram, share] of frequencies) if (gram.includes(word)) sum += share;
  return Math.min(1, sum / 2);
}
