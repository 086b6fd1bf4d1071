import { LIMITS } from '@shared/limits';
import { achievementById } from '@shared/achievements';
import { cleanRichText } from './clean-html';
import { issuesOf, type Mapped, type RowIssues } from './issues';
import type { MapContext } from './context';
import { isPrivilege } from './vocabulary';
import { datetime, jsonColumn, textOrNull } from './values';

export interface UserTarget {
  user: Record<string, unknown> & { id: number };
  subscriptions: Array<{ user_id: number; player_id: number; create_time: string }>;
  achievements: Array<{ user_id: number; achievement_id: string; acquired_time: string }>;
}

/** A password hash that no password matches: the original row had none. */
export const NO_PASSWORD = '!imported-without-password';

/** attr keys carried over as they are (the original's `lib/user.js`); `avatar` was never used there. */
const KEPT_ATTR = ['allowDM', 'changeNameLeft', 'freezeOfNoBinding', 'language', 'lastSigninIP', 'registerIP', 'showAchievement', 'showOrigin'] as const;

/**
 * users -> accounts, id kept (ids up to 10,000 earn `old_user`). The bcrypt hash is kept as it is:
 * sign-in accepts it and replaces it with argon2id (server/modules/auth/passwords.ts). Owned
 * achievements and followed cases leave `attr`/`subscribes` for their own tables.
 */
export function mapUser(raw: Record<string, unknown>, ctx: MapContext): Mapped<UserTarget> {
  const id = Number(raw.id);
  const issues = issuesOf('users', id);
  const username = (textOrNull(raw.username) ?? '').trim();
  if (!username || username.length > LIMITS.usernameMax) issues.refuse('username', raw.username, `a username of 1-${LIMITS.usernameMax} characters is needed`);
  let passwordHash = textOrNull(raw.password) ?? '';
  if (!/^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(passwordHash)) {
    if (passwordHash) issues.adjust('password', '(hidden)', 'not a bcrypt hash: the account cannot sign in until a password reset');
    else issues.adjust('password', null, 'no password: the account cannot sign in until a password reset');
    passwordHash = NO_PASSWORD;
  }
  const createTime = datetime(ctx.zone, raw.createTime, 'createTime', issues) ?? datetime(ctx.zone, raw.updateTime, 'updateTime', issues);
  if (!createTime) issues.refuse('createTime', raw.createTime, 'no creation time');
  const updateTime = datetime(ctx.zone, raw.updateTime, 'updateTime', issues) ?? createTime;
  const privileges = privilegesOf(jsonColumn(raw.privilege, 'privilege', issues, ['normal']), issues);
  const attrIn = jsonColumn(raw.attr, 'attr', issues, {});
  const attr = attrOf(attrIn && typeof attrIn === 'object' && !Array.isArray(attrIn) ? (attrIn as Record<string, unknown>) : {}, raw, ctx, issues);

  let origin = {
    origin_name: textOrNull(raw.originName)?.slice(0, 64) ?? null,
    origin_user_id: textOrNull(raw.originUserId)?.trim() || null,
    origin_persona_id: textOrNull(raw.originPersonaId)?.trim() || null,
    origin_email: textOrNull(raw.originEmail)?.trim().toLowerCase() || null,
  };
  if (origin.origin_email && origin.origin_email.length > LIMITS.emailMax) {
    issues.adjust('originEmail', origin.origin_email, `longer than ${LIMITS.emailMax} characters: not kept`);
    origin.origin_email = null;
  }
  if (origin.origin_user_id && !/^\d{1,20}$/.test(origin.origin_user_id)) {
    issues.adjust('originUserId', origin.origin_user_id, 'not a platform user id: imported unbound');
    origin = { origin_name: null, origin_user_id: null, origin_persona_id: null, origin_email: null };
  }
  const holder = origin.origin_user_id ? ctx.boundBy.get(origin.origin_user_id) : undefined;
  if (holder !== undefined && holder !== id) {
    // One user per platform account here (the original only meant it): the first account keeps it.
    issues.adjust('originUserId', origin.origin_user_id, `also bound to user #${holder}, who keeps it: imported unbound`);
    origin = { origin_name: null, origin_user_id: null, origin_persona_id: null, origin_email: null };
  }

  const achievements = achievementsOf(attrIn, id, issues);
  const subscriptions = subscriptionsOf(jsonColumn(raw.subscribes, 'subscribes', issues, []), id, createTime, ctx, issues);
  if (issues.refused) return { row: null, issues: issues.list };
  return {
    row: {
      user: {
        id,
        username,
        password_hash: passwordHash,
        valid: Number(raw.valid ?? 1) !== 0,
        privileges,
        attr,
        ...origin,
        signout_time: datetime(ctx.zone, raw.signoutTime, 'signoutTime', issues)?.toISOString() ?? null,
        create_time: createTime!.toISOString(),
        update_time: updateTime!.toISOString(),
      },
      subscriptions,
      achievements,
    },
    issues: issues.list,
  };
}

function privilegesOf(value: unknown, issues: RowIssues): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  if (!Array.isArray(value)) issues.adjust('privilege', value, 'not a list of roles: read as a list');
  const known = [...new Set(list.filter(isPrivilege))];
  const unknown = list.filter((p) => !isPrivilege(p));
  if (unknown.length) issues.adjust('privilege', unknown, 'unknown roles left out');
  return known.length ? known : ['normal'];
}

function attrOf(a: Record<string, unknown>, raw: Record<string, unknown>, ctx: MapContext, issues: RowIssues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KEPT_ATTR) if (a[k] !== undefined && a[k] !== null) out[k] = a[k];
  // The old introduction column (until 2022-02) when attr has none; sanitised like every text.
  const intro = typeof a.introduction === 'string' ? a.introduction : ctx.hasIntroductionColumn && typeof raw.introduction === 'string' ? raw.introduction : null;
  if (intro) out.introduction = cleanRichText(intro).slice(0, LIMITS.introductionMax);
  if (typeof a.mute === 'string' && a.mute) {
    // Written as the original server's wall clock: an instant here.
    const until = ctx.zone.instant(a.mute) ?? (Number.isNaN(Date.parse(a.mute)) ? null : new Date(a.mute));
    if (until) out.mute = until.toISOString();
    else issues.adjust('attr.mute', a.mute, 'not a time: not muted');
  }
  const dropped = Object.keys(a).filter((k) => !(KEPT_ATTR as readonly string[]).includes(k) && !['introduction', 'mute', 'achievements', 'avatar'].includes(k));
  if (dropped.length) issues.adjust('attr', dropped, 'keys unknown here left out');
  return out;
}

function achievementsOf(attr: unknown, userId: number, issues: RowIssues): UserTarget['achievements'] {
  const owned = attr && typeof attr === 'object' ? (attr as Record<string, unknown>).achievements : undefined;
  if (!owned || typeof owned !== 'object') return [];
  const out: UserTarget['achievements'] = [];
  for (const [achievementId, at] of Object.entries(owned as Record<string, unknown>)) {
    const ms = typeof at === 'number' ? at : Number(at);
    if (!achievementById(achievementId)) issues.adjust('attr.achievements', achievementId, 'no such achievement here: left out');
    else if (!Number.isFinite(ms) || ms <= 0) issues.adjust('attr.achievements', { [achievementId]: at }, 'no acquisition time: left out');
    else out.push({ user_id: userId, achievement_id: achievementId, acquired_time: new Date(ms).toISOString() });
  }
  return out;
}

function subscriptionsOf(value: unknown, userId: number, at: Date | null, ctx: MapContext, issues: RowIssues): UserTarget['subscriptions'] {
  if (!Array.isArray(value)) return [];
  const ids = [...new Set(value.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
  const found = ids.filter((p) => ctx.players.has(p));
  const missing = ids.filter((p) => !ctx.players.has(p));
  if (missing.length) issues.adjust('subscribes', missing, 'no such cases: not followed');
  if (found.length > LIMITS.subscriptionsMax) issues.adjust('subscribes', found.slice(LIMITS.subscriptionsMax), `more than ${LIMITS.subscriptionsMax}: the rest not followed`);
  return found.slice(0, LIMITS.subscriptionsMax).map((playerId) => ({ user_id: userId, player_id: playerId, create_time: (at ?? new Date(0)).toISOString() }));
}
