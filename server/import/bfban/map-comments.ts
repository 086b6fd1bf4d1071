import { cleanRichText } from './clean-html';
import { issuesOf, type Mapped, type RowIssues } from './issues';
import type { MapContext } from './context';
import { appealTypeOf, isGame, judgeActionOf } from './vocabulary';
import { mapMethods } from './map-players';
import { datetime, httpLink, intIn, jsonColumn, jsonList, textOrNull } from './values';

export type EntryTarget = Record<string, unknown> & { id: number; player_id: number };

const TYPES = ['report', 'judgement', 'reply', 'banAppeal'] as const;

/**
 * comments (every timeline entry) -> timeline, id kept (`#floor-<id>` anchors, `{floor:id}`
 * tokens). Content is sanitised on the way in like every other; an appeal's JSON string becomes
 * its text and its type and links. Only appeals have an appeal state: the column's default `open`
 * on every other entry means nothing.
 */
export function mapComment(raw: Record<string, unknown>, ctx: MapContext): Mapped<EntryTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('comments', id);
  const type = String(raw.type ?? '') as (typeof TYPES)[number];
  if (!TYPES.includes(type)) issues.refuse('type', raw.type, 'not an entry type (report, judgement, reply, banAppeal)');
  const playerId = intIn(raw.toPlayerId, 1, 2_147_483_647);
  const c = playerId === null ? undefined : ctx.players.get(playerId);
  if (!c) issues.refuse('toPlayerId', raw.toPlayerId, 'no such case');
  const createTime = datetime(ctx.zone, raw.createTime, 'createTime', issues);
  if (!createTime) issues.refuse('createTime', raw.createTime, 'no time, and neither its case nor another of its entries has one to place it by');

  let byUserId = intIn(raw.byUserId, 1, 2_147_483_647);
  if (byUserId !== null && !ctx.users.has(byUserId)) {
    issues.adjust('byUserId', raw.byUserId, 'no such user (deleted in the original): shown without author');
    byUserId = null;
  }
  let quoteId = intIn(raw.toCommentId, 1, 2_147_483_647);
  if (quoteId !== null && ctx.entries.get(quoteId)?.playerId !== playerId) {
    issues.adjust('toCommentId', raw.toCommentId, 'no such entry in this case: not quoted');
    quoteId = null;
  }
  let judgeAction: string | null = null;
  if (type === 'judgement') {
    judgeAction = judgeActionOf(String(raw.judgeAction ?? ''));
    if (!judgeAction) issues.refuse('judgeAction', raw.judgeAction, 'not a judgement action');
  }
  let cheatGame = textOrNull(raw.cheatGame);
  if (cheatGame !== null && !isGame(cheatGame)) {
    if (cheatGame !== '') issues.adjust('cheatGame', cheatGame, 'not a game here: left out');
    cheatGame = null;
  }
  const methods = mapMethods(jsonList(raw.cheatMethods, 'cheatMethods', issues), (bad) => issues.adjust('cheatMethods', bad, 'unknown cheat methods left out'));
  const valid = Number(raw.valid ?? 1) !== 0;
  const videoLink = httpLink(raw.videoLink, 'videoLink', issues);

  let content = textOrNull(raw.content) ?? '';
  let extra: Record<string, unknown> | null = null;
  let appealStatus: string | null = null;
  let viewedAdmins: number[] | null = null;
  if (type === 'banAppeal') {
    ({ content, extra } = appealContent(content, issues));
    appealStatus = appealStateOf(raw.appealStatus, issues);
    const viewers = jsonColumn(raw.viewedAdmins, 'viewedAdmins', issues, []);
    viewedAdmins = Array.isArray(viewers) ? viewers.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } else content = cleanRichText(content);

  if (issues.refused) return { row: null, issues: issues.list };
  const hackerLevel = intIn(raw.hackerLevel, 1, 4);
  return {
    row: {
      id,
      type,
      player_id: playerId!,
      to_origin_user_id: (textOrNull(raw.toOriginUserId)?.trim() || c!.originUserId).slice(0, 20),
      to_origin_persona_id: (textOrNull(raw.toOriginPersonaId)?.trim() || c!.originPersonaId).slice(0, 20),
      to_origin_name: (textOrNull(raw.toOriginName) ?? c!.originName).slice(0, 64),
      by_user_id: byUserId,
      content,
      extra,
      video_link: videoLink,
      cheat_game: type === 'report' ? cheatGame : null,
      cheat_methods: type === 'report' || type === 'judgement' ? methods : null,
      quote_id: quoteId,
      judge_action: judgeAction,
      hacker_level: type === 'judgement' ? hackerLevel : null,
      appeal_status: appealStatus,
      viewed_admins: viewedAdmins,
      valid,
      create_time: createTime!.toISOString(),
    },
    issues: issues.list,
  };
}

/**
 * The original's appeal states: `open` (the code's `'1'`, or `''` from lax SQL modes) is waiting;
 * `lock` freezes the case; `close` (decided, either way) is `fail` here until the recount finds a
 * later verdict that accepted it (`finalize/appeals.ts`).
 */
function appealStateOf(value: unknown, issues: RowIssues): string {
  const v = String(value ?? '');
  if (v === 'open' || v === '' || v === '1') return 'unprocessed';
  if (v === 'lock') return 'lock';
  if (v === 'close') return 'fail';
  issues.adjust('appealStatus', value, 'not an appeal state: waiting for a decision');
  return 'unprocessed';
}

const LINK_KEYS = ['btrLink', 'videoLink', 'mossDownloadUrl'] as const;

/** An appeal's content: a JSON string `{appealType, extendedLinks, text}` (not sanitised by the original), or old plain text. */
function appealContent(stored: string, issues: RowIssues): { content: string; extra: Record<string, unknown> } {
  let parsed: Record<string, unknown> | null = null;
  if (stored.trimStart().startsWith('{')) {
    try {
      const v = JSON.parse(stored) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) parsed = v as Record<string, unknown>;
    } catch {
      issues.adjust('content', stored, 'an appeal whose JSON does not parse: kept as its text');
    }
  }
  if (!parsed) return { content: cleanRichText(stored), extra: { appealType: 'none', extendedLinks: {} } };
  let appealType = appealTypeOf(parsed.appealType);
  if (!appealType) {
    if (parsed.appealType !== undefined) issues.adjust('content.appealType', parsed.appealType, "not an appeal type: 'none'");
    appealType = 'none';
  }
  const linksIn = parsed.extendedLinks && typeof parsed.extendedLinks === 'object' ? (parsed.extendedLinks as Record<string, unknown>) : {};
  const extendedLinks: Record<string, string> = {};
  for (const k of LINK_KEYS) {
    const link = linksIn[k];
    if (typeof link !== 'string' || !link) continue;
    if (/^https?:\/\//i.test(link)) extendedLinks[k] = link.slice(0, 500);
    else issues.adjust(`content.extendedLinks.${k}`, link, 'not an http(s) link: left out');
  }
  const text = typeof parsed.text === 'string' ? parsed.text : typeof parsed.content === 'string' ? parsed.content : '';
  return { content: cleanRichText(text), extra: { appealType, extendedLinks } };
}
