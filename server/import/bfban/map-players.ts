import { CASE_STATUSES } from '@shared/games';
import { issuesOf, type Mapped } from './issues';
import type { MapContext } from './context';
import { cheatMethodOf, isGame } from './vocabulary';
import { datetime, intIn, jsonList, textOrNull } from './values';

const INT_MAX = 2_147_483_647;

export type PlayerTarget = Record<string, unknown> & { id: number };

/** players (one per platform account) -> cases, id kept (players.id is the `dbId` of old links). */
export function mapPlayer(raw: Record<string, unknown>, ctx: MapContext): Mapped<PlayerTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('players', id);
  const originUserId = textOrNull(raw.originUserId)?.trim();
  if (!originUserId || !/^\d{1,20}$/.test(originUserId)) issues.refuse('originUserId', raw.originUserId, 'a case needs the platform user id (digits): it is its key');
  const status = intIn(raw.status, 0, 9);
  if (status === null || !(CASE_STATUSES as readonly number[]).includes(status)) issues.refuse('status', raw.status, 'not a case status (0-9)');
  let personaId = textOrNull(raw.originPersonaId)?.trim() ?? '';
  if (!/^\d{1,20}$/.test(personaId)) {
    issues.adjust('originPersonaId', raw.originPersonaId, 'no persona id: imported empty, /player/<personaId> links cannot find this case (dbId and userId still do)');
    personaId = '';
  }
  const sharing = personaId ? ctx.playerByPersonaId.get(personaId) : undefined;
  if (sharing !== undefined && sharing !== id) issues.adjust('originPersonaId', personaId, `also the persona id of case #${sharing}, which /player/<personaId> links find: this case is found by dbId and userId`);
  const valid = Number(raw.valid ?? 1) !== 0;
  if (!valid) issues.adjust('valid', raw.valid, 'hidden on the old site (valid=0): imported hidden, as it was there');
  const originName = (textOrNull(raw.originName) ?? '').slice(0, 64);
  if (!originName) issues.adjust('originName', raw.originName, 'no name: imported empty');

  const gamesIn = jsonList(raw.games, 'games', issues);
  const games = Array.isArray(gamesIn) ? [...new Set(gamesIn.filter(isGame))].sort() : [];
  if (Array.isArray(gamesIn) && games.length !== new Set(gamesIn).size) issues.adjust('games', gamesIn, 'unknown games left out');
  const methodsIn = jsonList(raw.cheatMethods, 'cheatMethods', issues);
  const methods = mapMethods(methodsIn, (bad) => issues.adjust('cheatMethods', bad, 'unknown cheat methods left out'));

  const updateTime = datetime(ctx.zone, raw.updateTime, 'updateTime', issues);
  let createTime = datetime(ctx.zone, raw.createTime, 'createTime', issues);
  if (!createTime) createTime = updateTime;
  if (!createTime) issues.refuse('createTime', raw.createTime, 'neither a creation nor an update time');
  const hackerLevel = intIn(raw.hackerLevel, 1, 4);
  if (hackerLevel === null && raw.hackerLevel !== null && raw.hackerLevel !== undefined) issues.adjust('hackerLevel', raw.hackerLevel, 'not a threat level (1-4): none');
  const legacy = textOrNull(raw.appealStatus);
  if (legacy !== null && legacy !== '1' && legacy !== '2') issues.adjust('appealStatus', legacy, "not an appeal flag ('1' open, '2' handled): read from the case's appeals instead");
  const avatar = textOrNull(raw.avatarLink)?.trim() || null;
  // The original's column is INT UNSIGNED; this site's is a signed int.
  let views = intIn(raw.viewNum, 0, Number.MAX_SAFE_INTEGER) ?? 0;
  if (views > INT_MAX) {
    issues.adjust('viewNum', raw.viewNum, `above the largest view count here: ${INT_MAX}`);
    views = INT_MAX;
  }

  if (issues.refused) return { row: null, issues: issues.list };
  return {
    row: {
      id,
      origin_user_id: originUserId!,
      origin_persona_id: personaId,
      origin_name: originName,
      // A `#BLOCKED` suffix (staff hid the avatar) means the same here: a refresh keeps it blocked.
      avatar_link: avatar,
      games,
      cheat_methods: methods,
      status,
      hacker_level: hackerLevel,
      view_num: views,
      valid,
      create_time: createTime!.toISOString(),
      update_time: (updateTime ?? createTime!).toISOString(),
    },
    issues: issues.list,
  };
}

/** A list of cheat methods in either spelling; unknown ones go to `onUnknown`. */
export function mapMethods(value: unknown, onUnknown: (bad: string[]) => void): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  const bad: string[] = [];
  for (const m of value) {
    const v = typeof m === 'string' ? cheatMethodOf(m) : null;
    if (v === null) bad.push(String(m));
    else if (!out.includes(v)) out.push(v);
  }
  if (bad.length) onUnknown(bad);
  return out;
}
