import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appAuthorizations, users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { resolveToken } from '@server/modules/auth/authenticate';
import { hashPassword } from '@server/modules/auth/passwords';
import type { Actor } from '@shared/policy';
import { LIMITS } from '@shared/limits';
import type { DirectoryAccount } from '@server/platform/types';

/** Who sends a request: a visitor, or a signed-in account of one kind. */
export const ROLES = {
  visitor: null,
  normal: { privileges: ['normal'], bound: true },
  unbound: { privileges: ['normal'], bound: false },
  volunteer: { privileges: ['normal', 'volunteer'], bound: true },
  admin: { privileges: ['admin'], bound: true },
  super: { privileges: ['super'], bound: true },
  root: { privileges: ['root'], bound: true },
  dev: { privileges: ['dev'], bound: true },
  bot: { privileges: ['bot'], bound: false },
  blacklisted: { privileges: ['blacklisted'], bound: true },
  freezed: { privileges: ['freezed'], bound: true },
  /** An app's external-auth token of a normal user. */
  app: { privileges: ['normal'], bound: true },
} as const;
export type RoleName = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

export const FUZZ_PASSWORD = 'fuzz-password-9';

interface Member {
  role: RoleName;
  id: number;
  username: string;
  token: string;
}

export interface Actors {
  tokenOf(role: RoleName): string | undefined;
  idOf(role: RoleName): number | undefined;
  /** The role as the policies see it (null for the visitor). */
  actorOf(role: RoleName): Actor | null;
  /**
   * Puts every account back as it was made (privileges, validity, no mute, not signed out) and
   * issues a new token where the fuzzed requests ended the old one: each route starts from the same cast.
   */
  restore(): Promise<number>;
}

/** The accounts of every role, made in the target's database, each with a token. */
export async function createActors(services: Services, freshAccount: () => DirectoryAccount): Promise<Actors> {
  const passwordHash = await hashPassword(FUZZ_PASSWORD);
  const members = new Map<RoleName, Member>();

  const sign = async (role: RoleName, id: number, username: string): Promise<string> => {
    const spec = ROLES[role]!;
    if (role !== 'app') return (await services.tokens.sign({ userId: id, username, userAvatar: '', privilege: spec.privileges, visitType: role === 'bot' ? 'bot' : 'websites' })).token;
    const [auth] = await services.db
      .insert(appAuthorizations)
      .values({ userId: id, requestedBy: id, appName: 'Fuzz app', appId: 'fuzz-app', callbackUrl: 'https://app.example/callback', tokenTtl: LIMITS.appTokenTtlMs, codeHash: crypto.randomBytes(32).toString('hex'), codeExpires: new Date(), state: 'approved' })
      .returning();
    return (await services.tokens.sign({ userId: id, username, userAvatar: '', privilege: spec.privileges, visitType: 'external-auth', expiresIn: LIMITS.appTokenTtlMs, authId: auth!.id })).token;
  };

  const initialRow = (role: RoleName) => {
    const spec = ROLES[role]!;
    return { privileges: [...spec.privileges], valid: true, signoutTime: null, attr: { language: 'en-US', changeNameLeft: 3, allowDM: true, showOrigin: true, showAchievement: true, showAD: true } };
  };

  for (const role of ROLE_NAMES) {
    if (!ROLES[role]) continue;
    const account = ROLES[role].bound ? freshAccount() : null;
    const username = `fuzz-${role}-${crypto.randomBytes(3).toString('hex')}`;
    const [row] = await services.db
      .insert(users)
      .values({ username, passwordHash, ...initialRow(role), originName: account?.name ?? null, originUserId: account?.userId ?? null, originPersonaId: account?.personaId ?? null, originEmail: account?.email ?? null })
      .returning();
    members.set(role, { role, id: row!.id, username, token: await sign(role, row!.id, username) });
  }

  return {
    tokenOf: (role) => members.get(role)?.token,
    idOf: (role) => members.get(role)?.id,
    actorOf(role) {
      const m = members.get(role);
      if (!m) return null;
      return { id: m.id, privileges: [...ROLES[role]!.privileges], isBound: ROLES[role]!.bound, visitType: role === 'app' ? 'external-auth' : 'websites', mutedUntil: null };
    },
    async restore() {
      let renewed = 0;
      for (const m of members.values()) {
        const spec = ROLES[m.role]!;
        const now = await resolveToken(services, m.token);
        const row = 'user' in now ? now.user!.row : null;
        const intact = row && row.privileges.join() === spec.privileges.join() && !row.attr.mute && !!row.originUserId === spec.bound;
        if (intact) continue;
        const [current] = await services.db.select().from(users).where(eq(users.id, m.id));
        if (!current) {
          // Deleted by a fuzzed staff request: made again under a new id.
          const again = freshAccount();
          const [row] = await services.db
            .insert(users)
            .values({ username: `fuzz-${m.role}-${crypto.randomBytes(3).toString('hex')}`, passwordHash, ...initialRow(m.role), ...(spec.bound ? { originName: again.name, originUserId: again.userId, originPersonaId: again.personaId, originEmail: again.email } : {}) })
            .returning();
          Object.assign(m, { id: row!.id, username: row!.username });
          m.token = await sign(m.role, m.id, m.username);
          renewed += 1;
          continue;
        }
        const account = spec.bound && !current?.originUserId ? freshAccount() : null;
        await services.db
          .update(users)
          .set({ ...initialRow(m.role), ...(account ? { originName: account.name, originUserId: account.userId, originPersonaId: account.personaId, originEmail: account.email } : {}), ...(!spec.bound ? { originName: null, originUserId: null, originPersonaId: null, originEmail: null } : {}) })
          .where(eq(users.id, m.id));
        m.username = current?.username ?? m.username;
        m.token = await sign(m.role, m.id, m.username);
        renewed += 1;
      }
      return renewed;
    },
  };
}
