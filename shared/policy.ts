/**
 * Who may do what: the one definition of every access rule, read by the server (each route and
 * socket event declares its rule) and by the client (to show only what the viewer may do).
 * A rule looks at the actor alone; rules that also need the thing acted on (an entry, a message)
 * are plain functions below the rules, used by the services and the pages alike.
 */
import type { ErrorCode } from './errors';
import { ADMIN_LEVELS, hasAny, isLocked, type Privilege } from './privileges';
import { mayJudge } from './judgement';
import { mayUseWebhooks } from './webhooks';
import { parseRoom } from './socket';
import { APP_KEY_VISIT, type AppScope, type AppWriteScope } from './applications';

/** The signed-in account as the rules see it (built from the database row on every request). */
export interface Actor {
  id: number;
  privileges: readonly string[];
  /** Bound to a platform account. */
  isBound: boolean;
  /** The kind of token: websites, client-phone, client-desktop, bot, external-auth. */
  visitType: string;
  /** Epoch ms until which the account is muted, when it is. */
  mutedUntil: number | null;
  /** An application's key (`visitType` app-key): the scopes it carries. */
  appScopes?: readonly AppScope[];
}

export interface Refusal {
  code: ErrorCode;
  message: string;
  /** When the area's code answers with another status than the catalogue's. */
  status?: number;
}

/** A named rule: `check` answers null when the actor (null = a visitor) may go on. */
export interface Rule {
  readonly name: string;
  check(actor: Actor | null, now?: number): Refusal | null;
  /** For a rule that is a list of roles: those roles (the pages name them to whoever lacks them). */
  readonly roles?: readonly Privilege[];
}

/** A rule that is a list of roles. */
export type RoleRule = Rule & { readonly roles: readonly Privilege[] };

const rule = (name: string, check: Rule['check'], roles?: readonly Privilege[]): Rule => ({ name, check, ...(roles ? { roles } : {}) });

/** Every rule in order; the first refusal is the answer. */
export function allOf(name: string, ...rules: Rule[]): Rule {
  return rule(name, (actor, now) => {
    for (const r of rules) {
      const refusal = r.check(actor, now);
      if (refusal) return refusal;
    }
    return null;
  });
}

/** The same rule answering with another code (the original spells its refusals per area). */
export function refusedAs(r: Rule, code: ErrorCode): Rule {
  return rule(r.name, (actor, now) => {
    const refusal = r.check(actor, now);
    return refusal && refusal.code !== 'user.tokenExpired' ? { ...refusal, code } : refusal;
  });
}

const SIGN_IN: Refusal = { code: 'user.tokenExpired', message: 'sign in first' };
const DENIED = (message: string): Refusal => ({ code: 'user.permissionDenined', message });

/** Tokens made for bots, for third-party apps and applications' keys: they never manage the account (docs/api-compatibility.md#tokens). */
const MACHINE_TOKENS = ['bot', 'external-auth', APP_KEY_VISIT];

export const isMuted = (actor: Actor, now = Date.now()) => actor.mutedUntil !== null && actor.mutedUntil > now;

/**
 * A banned account reads what a visitor reads wherever a read differs by who asks (appeal
 * attachments, archives, a profile's bound account). It still signs in, reads its messages and
 * changes its password: those routes need the token and are not such reads.
 */
export const readsAsVisitor = (actor: Pick<Actor, 'privileges'>) => actor.privileges.includes('blacklisted');

/** Staff and bots write without the per-user comment and upload limits, as on the original site. */
export const exemptStaffOrBot = (actor: Actor) => hasAny(actor.privileges, [...ADMIN_LEVELS[1], 'bot']);
/** Staff search, chat and warn without per-user limits. */
export const exemptStaff = (actor: Actor) => hasAny(actor.privileges, ADMIN_LEVELS[1]);

const signedInOnly = (name: string, test: (actor: Actor, now: number) => Refusal | null, roles?: readonly Privilege[]): Rule =>
  rule(name, (actor, now = Date.now()) => (actor ? test(actor, now) : SIGN_IN), roles);

/** Signed in with one of these roles. */
const oneOf = (name: string, roles: readonly Privilege[]) =>
  signedInOnly(name, (a) => (hasAny(a.privileges, roles) ? null : DENIED(`for ${roles.join(', ')} accounts`)), roles) as RoleRule;

/** The named rules routes and socket events declare. */
export const rules = {
  /** Anyone, visitors included. */
  anyone: rule('anyone', () => null),
  signedIn: signedInOnly('signedIn', () => null),
  /** Signed in and not banned (blacklisted accounts may still read, bind and change their password). */
  notBanned: signedInOnly('notBanned', (a) => (a.privileges.includes('blacklisted') ? DENIED('this account is banned') : null)),
  /** Signed in, neither banned nor frozen: may act beyond reading. */
  notLocked: signedInOnly('notLocked', (a) => (isLocked(a.privileges) ? DENIED('this account is banned or frozen') : null)),
  /** May write on the site: not locked, and bound to a platform account unless staff or a bot. */
  canSubmit: signedInOnly('canSubmit', (a) => {
    if (isLocked(a.privileges)) return DENIED('this account is banned or frozen');
    if (!a.isBound && !hasAny(a.privileges, [...ADMIN_LEVELS[1], 'bot'])) return { code: 'user.needBindEaAccount', message: 'bind your game account first' };
    return null;
  }),
  /** A person at the site, not a bot or an app acting for them: may change the account itself. */
  interactive: signedInOnly('interactive', (a) =>
    MACHINE_TOKENS.includes(a.visitType) || a.privileges.includes('bot') ? DENIED('not with a bot or app token') : null,
  ),
  /** Admin level 1: admin, super, root, dev. */
  staff: oneOf('staff', ADMIN_LEVELS[1]),
  /** Admin level 2: super, root, dev. */
  superStaff: oneOf('superStaff', ADMIN_LEVELS[2]),
  /** Admin level 3: root, dev. */
  rootOrDev: oneOf('rootOrDev', ADMIN_LEVELS[3]),
  /** Admin level 4: root. */
  root: oneOf('root', ADMIN_LEVELS[4]),
  /** Super and root (not dev): the site's editorial documents (bulletin, rule announcements). */
  superOrRoot: oneOf('superOrRoot', ['super', 'root']),
  /** Dev accounts only: tooling such as checking another account's credentials. */
  dev: oneOf('dev', ['dev']),
  /** Judges cases: admin, super, root (not dev), never through an app's token. */
  judge: signedInOnly('judge', (a) => {
    if (!mayJudge(a.privileges)) return DENIED('only admins judge');
    return a.visitType === 'external-auth' ? DENIED('not with an app token') : null;
  }),
  /** The editor's contracted-syntax button (admin level 1 only); anyone may still type the tokens. */
  contractedSyntax: oneOf('contractedSyntax', ADMIN_LEVELS[1]),
  /** Staff and bots: bulk reads. */
  staffOrBot: signedInOnly('staffOrBot', (a) => (hasAny(a.privileges, [...ADMIN_LEVELS[1], 'bot']) ? null : DENIED('for staff and bots'))),
  /** Bots, admins, super and root (B/A/S/R, as the original): the unpaged case stream `GET /players/stream`. */
  caseStream: oneOf('caseStream', ['bot', 'admin', 'super', 'root']),
  /** Super staff and bots (S/R/D/B): the appeal comments feed. */
  superStaffOrBot: signedInOnly('superStaffOrBot', (a) => (hasAny(a.privileges, [...ADMIN_LEVELS[2], 'bot']) ? null : DENIED('for super staff and bots'))),
  /** Webhook subscribers: bot, dev, root. */
  webhookUser: signedInOnly('webhookUser', (a) => (mayUseWebhooks(a.privileges) ? null : { code: 'user.permissionDenied', message: 'webhooks are for bot, dev and root accounts' })),
} satisfies Record<string, Rule>;

export type RuleName = keyof typeof rules;

/**
 * An app's token (external authorization) reads and reports, nothing else: it passes reads and the
 * routes that declare `appToken`, and is refused everywhere else; every other token passes.
 */
export function appTokenReach(method: string, routeAllows: boolean): Rule {
  return rule('appTokenReach', (a) =>
    a?.visitType === 'external-auth' && method !== 'get' && !routeAllows ? DENIED('an app token may only read and report') : null,
  );
}

/**
 * What an application's key may reach (docs/applications.md#scopes): a read needs the `read` scope
 * (a GET, or a read sent by POST: `reads`), a write the scope its route declares (`appScope`); a
 * write that declares none is not for keys. Every other token passes.
 */
export function appKeyReach(reads: boolean, scope: AppWriteScope | undefined): Rule {
  return rule('appKeyReach', (a) => {
    if (a?.visitType !== APP_KEY_VISIT) return null;
    const needed: AppScope | undefined = reads ? 'read' : scope;
    if (!needed) return DENIED('an application key may not call this');
    return a.appScopes?.includes(needed) ? null : { code: 'app.scopeMissing', message: `this key lacks the ${needed} scope` };
  });
}

const LOCKED: Refusal = DENIED('this account is banned or frozen');

/** Whether the actor holds a staff role it may still use: a banned or frozen account keeps none (read-only, PRIVILEGE_WEIGHT 0). */
export const actsAsStaff = (actor: Pick<Actor, 'privileges'>) => hasAny(actor.privileges, ADMIN_LEVELS[1]) && !isLocked(actor.privileges);

/**
 * Every route's rule behind this one: a banned or frozen account writes nothing its staff roles
 * alone opened (a frozen account is read-only except binding). On a write, a locked actor the rule
 * lets through is judged again as if it held no staff role; what that refuses is refused as the
 * product refuses locked accounts. Reads, and writes every account may make (binding, the
 * password), stay as the route's rule says.
 */
export function lockedStaffWrites(reads: boolean, r: Rule): Rule {
  return rule(r.name, (a, now) => {
    const refusal = r.check(a, now);
    if (refusal || reads || !a || actsAsStaff(a) || !hasAny(a.privileges, ADMIN_LEVELS[1])) return refusal;
    const withoutStaff = { ...a, privileges: a.privileges.filter((p) => !(ADMIN_LEVELS[1] as readonly string[]).includes(p)) };
    return r.check(withoutStaff, now) ? LOCKED : null;
  }, r.roles);
}

/** Not muted (refused with the area's code and the mute's end, which the client shows). */
export function notMuted(code: ErrorCode, status?: number): Rule {
  return signedInOnly('notMuted', (a, now) => (isMuted(a, now) ? { code, status, message: `muted until ${new Date(a.mutedUntil!).toISOString()}` } : null));
}

/**
 * What staff see of an account's personal data: every admin its platform account and settings
 * (the extra user information); its e-mail from admin level 2 (super, root, dev); its
 * sign-up and sign-in addresses from level 3 (root, dev).
 */
export const staffSees = (privileges: readonly string[]) => ({ email: hasAny(privileges, ADMIN_LEVELS[2]), addresses: hasAny(privileges, ADMIN_LEVELS[3]) });

/** Staff may hide and show any entry (not while banned or frozen); authors may hide their own replies (not show them again). */
export function mayHideEntry(actor: Actor | null, entry: { byUserId: number | null; type: string }, show: boolean): boolean {
  if (!actor) return false;
  if (actsAsStaff(actor)) return true;
  return !show && entry.type === 'reply' && entry.byUserId === actor.id;
}

/** Who may join which realtime room (docs/architecture.md#rooms-sequences-replay-and-refetch): cases and `all` are public; the rest are checked, never trusted. */
export function mayJoinRoom(room: string, actor: Pick<Actor, 'id' | 'privileges'> | null): 'ok' | 'room.bad' | 'room.forbidden' {
  const parsed = parseRoom(room);
  if (!parsed) return 'room.bad';
  switch (parsed.kind) {
    case 'case':
    case 'all':
    case 'caseFeed':
      return 'ok';
    case 'user':
      return actor && actor.id === parsed.id ? 'ok' : 'room.forbidden';
    case 'chat':
      return actor && (actor.id === parsed.a || actor.id === parsed.b) ? 'ok' : 'room.forbidden';
    case 'staff':
      return actor && hasAny(actor.privileges, ADMIN_LEVELS[1]) ? 'ok' : 'room.forbidden';
  }
}
