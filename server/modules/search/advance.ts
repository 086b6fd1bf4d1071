import { roomOf } from '@shared/socket';
import type { CaseRecord } from '@shared/types/cases';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { PlatformError } from '@server/platform/client';
import { casesByKeys } from '@server/modules/cases/queries';
import { presentCase } from '@server/modules/cases/presenter';
import { recordSighting } from '@server/modules/cases/platform-sync';

/** Similar accounts shown beside the exact one (at most 10, as the original). */
const SIMILARS_MAX = 10;

export interface AdvanceHit {
  originName: string;
  originPersonaId: string;
  originUserId: string;
  avatarLink: string | null;
  record: CaseRecord | null;
}

interface Account {
  userId: string;
  personaId: string;
  name: string;
  avatar: string | null;
}

async function platformLookups(services: Services, param: string) {
  const { platform } = services;
  const [exactId, prefixed] = await Promise.all([platform.searchUserByName(param), platform.searchUsers(`${param}*`)]);
  let exact: Account | null = null;
  if (exactId) {
    const [info, avatar] = await Promise.all([platform.userInfo({ userId: exactId }), platform.userAvatar(exactId)]);
    if (info) exact = { userId: info.userId, personaId: info.personaId, name: info.username, avatar: avatar || null };
  }
  const seen = new Set(exact ? [exact.userId] : []);
  const similars: Account[] = [];
  for (const a of prefixed) {
    if (similars.length >= SIMILARS_MAX) break;
    if (seen.has(a.userId)) continue;
    seen.add(a.userId);
    similars.push({ userId: a.userId, personaId: a.personaId, name: a.name, avatar: null });
  }
  return { exact, similars };
}

/**
 * Asks the platform directory for an exact name and the names beginning with it, and attaches each
 * account's case. Names of accounts that have a case join its name history, so a renamed cheater
 * is found by the plain search from then on (the original logs every name it sees).
 */
export async function advanceSearch(services: Services, param: string): Promise<{ exact: AdvanceHit | null; similars: AdvanceHit[] }> {
  let found: Awaited<ReturnType<typeof platformLookups>>;
  try {
    found = await platformLookups(services, param);
  } catch (e) {
    if (!(e instanceof PlatformError)) throw e;
    services.log.warn({ err: e }, 'platform directory lookup failed');
    throw new AppError('advanceSearch.error', 'the platform directory is unavailable, try again later');
  }
  const accounts = [...(found.exact ? [found.exact] : []), ...found.similars];
  const cases = accounts.length ? await casesByKeys(services.db, { userIds: accounts.map((a) => a.userId) }) : [];
  const byUserId = new Map(cases.map((c) => [c.originUserId, c]));
  const sighted: string[] = [];
  for (const a of accounts) {
    const row = byUserId.get(a.userId);
    if (!row) continue;
    await recordSighting(services.db, row.id, a.name);
    sighted.push(roomOf.case(row.id));
  }
  // No room event tells of a name seen: the kept search answers must hear of it here.
  await services.readCache.evict(sighted);
  const hit = (a: Account): AdvanceHit => {
    const row = byUserId.get(a.userId);
    return {
      originName: a.name,
      originPersonaId: a.personaId,
      originUserId: a.userId,
      avatarLink: a.avatar ?? row?.avatarLink ?? null,
      record: row ? presentCase(row) : null,
    };
  };
  return { exact: found.exact ? hit(found.exact) : null, similars: found.similars.map(hit) };
}
