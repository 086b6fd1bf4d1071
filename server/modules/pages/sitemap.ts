import { and, eq, gt, lte, max } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { SCREENS } from '@shared/screens';
import { players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** Public screens worth a search engine's visit, besides the cases. */
const PUBLIC_SCREENS = [SCREENS.home, SCREENS.players, SCREENS.search, SCREENS.siteStats, SCREENS.about, SCREENS.accessibility];

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const urlset = (urls: Array<{ loc: string; lastmod?: Date }>) =>
  `${XML_HEAD}<urlset xmlns="${NS}">\n${urls
    .map((u) => `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * The sitemap index: the public screens, then one file per `LIMITS.sitemapCases` case ids (file n
 * holds the visible cases with ids in (n·size, (n+1)·size], read by primary key however many cases
 * there are).
 */
export async function sitemapIndex(db: DbOrTx, publicUrl: string): Promise<string> {
  const [row] = await db.select({ top: max(players.id) }).from(players);
  const files = Math.ceil((row?.top ?? 0) / LIMITS.sitemapCases);
  const locs = [`${publicUrl}/sitemaps/pages.xml`, ...Array.from({ length: files }, (_, n) => `${publicUrl}/sitemaps/cases-${n}.xml`)];
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${locs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

export const pagesSitemap = (publicUrl: string) => urlset(PUBLIC_SCREENS.map((path) => ({ loc: `${publicUrl}${path}` })));

/** File `n` of the case sitemaps: visible cases by persona id with their last change; null past the last case. */
export async function casesSitemap(db: DbOrTx, publicUrl: string, n: number): Promise<string | null> {
  const from = n * LIMITS.sitemapCases;
  const rows = await db
    .select({ personaId: players.originPersonaId, updateTime: players.updateTime })
    .from(players)
    .where(and(gt(players.id, from), lte(players.id, from + LIMITS.sitemapCases), eq(players.valid, true)))
    .orderBy(players.id);
  if (!rows.length) {
    const [row] = await db.select({ top: max(players.id) }).from(players);
    if ((row?.top ?? 0) <= from) return null;
  }
  return urlset(rows.map((r) => ({ loc: `${publicUrl}/player/${encodeURIComponent(r.personaId)}`, lastmod: r.updateTime })));
}

