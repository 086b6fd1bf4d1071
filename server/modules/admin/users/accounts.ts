import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decideRoleChange, rankOf, type ManagedRole, type RoleAction } from '@shared/roles';
import { LIMITS } from '@shared/limits';
import { pickLanguage } from '@shared/languages';
import { roomOf } from '@shared/socket';
import type { ErrorCode } from '@shared/errors';
import { users, type UserAttr, type UserRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction, type Recorder } from '@server/db/outbox';
import { uniqueViolation } from '@server/db/errors';
import { usernameTaken } from '@server/modules/users/queries';
import { attrForStaff } from '@server/modules/users/addresses';
import { userAvatarOf } from '@server/modules/users/avatar';
import { anonymiseStoredAccount } from '@server/db/stored-events';
import { tellAccountChanged, type AccountShown } from '@server/core/account-changes';
import { usernamePending, createVerification, originPending } from '@server/modules/users/verifications';
import { hashPassword } from '@server/modules/auth/passwords';
import { revokeInTransaction } from '@server/modules/auth/signin';
import { buildMail } from '@server/mail/templates';
import { sendMailOrFail } from '@server/mail/send';
import { recordAdminAction } from '../oplog';

/** The code prefix of each action: the original's `admin.` ones, and the few it spelled without (clients read them as they are). */
type Area = 'admin.setUserRole' | 'admin.setUserAttr' | 'setUserBindData' | 'transferBindData' | 'admin.delUser' | 'setUserGeneratePassword' | 'admin.muteUser';

/** The target row, locked for the rest of the transaction; refused when the caller does not outrank it. */
export async function lockTarget(r: Recorder, area: Area, actor: AuthedUser, id: number): Promise<UserRow> {
  const [row] = await r.tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppError(`${area}.notFound` as ErrorCode, 'no such user');
  if (row.id === actor.id) throw new AppError(`${area}.permissionDenied` as ErrorCode, 'not on your own account');
  if (rankOf(row.privileges) >= rankOf(actor.privileges)) throw new AppError(`${area}.permissionDenied` as ErrorCode, 'the user ranks as high as you or higher');
  return row;
}

/** Grants or revokes one role (shared/roles.ts decides); a demotion or ban rechecks the user's live sockets. */
export async function setUserRole(services: Services, actor: AuthedUser, input: { id: number; action: RoleAction; role: ManagedRole }) {
  return inTransaction(services, async (r) => {
    const [row] = await r.tx.select().from(users).where(eq(users.id, input.id)).for('update');
    if (!row) throw new AppError('admin.setUserRole.notFound', 'no such user');
    const decision = decideRoleChange(actor, row, input.action, input.role);
    if (!decision.ok) {
      const why = { self: 'you cannot change your own roles', rank: 'the user ranks as high as you or higher', matrix: `you may not ${input.action} ${input.role}` }[decision.reason];
      throw new AppError('admin.setUserRole.permissionDenied', why);
    }
    const before = row.privileges;
    await r.tx.update(users).set({ privileges: decision.roles, updateTime: new Date() }).where(eq(users.id, row.id));
    await recordAdminAction(r.tx, { actorId: actor.id, action: 'setUserRole', targetUserId: row.id, detail: { action: input.action, role: input.role, before, after: decision.roles } });
    await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
    const lost = before.some((p) => !decision.roles.includes(p)) || decision.roles.includes('blacklisted');
    if (lost) r.afterCommit(() => services.sessions.recheck(row.id));
    return { id: row.id, privilege: decision.roles };
  });
}

/** Renames, forces attributes, rewrites the introduction (sanitised). */
export async function setUserAttr(services: Services, actor: AuthedUser, input: { id: number; username?: string; attr?: Partial<UserAttr>; userIntroduction?: string }) {
  try {
    return await inTransaction(services, async (r) => {
      const row = await lockTarget(r, 'admin.setUserAttr', actor, input.id);
      const attr: UserAttr = { ...row.attr, ...(input.attr ?? {}) };
      if (input.userIntroduction !== undefined) attr.introduction = sanitizeRichText(input.userIntroduction);
      const changes: Partial<typeof users.$inferInsert> = { attr, updateTime: new Date() };
      if (input.username !== undefined && input.username !== row.username) {
        if ((await usernameTaken(r.tx, input.username, row.id)) || (await usernamePending(r.tx, input.username))) throw new AppError('admin.setUserAttr.occupied', 'the name is taken');
        changes.username = input.username;
      }
      await r.tx.update(users).set(changes).where(eq(users.id, row.id));
      if (changes.username) await tellAccountChanged({ services, r, before: row, after: { ...row, username: changes.username } });
      await recordAdminAction(r.tx, {
        actorId: actor.id,
        action: 'setUserAttr',
        targetUserId: row.id,
        detail: { ...(changes.username ? { username: { from: row.username, to: changes.username } } : {}), attr: Object.keys(input.attr ?? {}), introduction: input.userIntroduction !== undefined },
      });
      await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
      // The answer shows the attributes as the caller's staff views do (addresses for the levels that see them).
      return { id: row.id, username: changes.username ?? row.username, attr: attrForStaff(attr, actor.privileges) };
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw new AppError('admin.setUserAttr.occupied', 'the name is taken');
    throw e;
  }
}

type Binding = { originName: string | null; originUserId: string | null; originPersonaId?: string | null; originEmail?: string | null };

/** Sets (or clears, with nulls) the bound platform account by hand (root/dev). */
export async function setUserBindData(services: Services, actor: AuthedUser, input: { id: number } & Binding) {
  try {
    return await inTransaction(services, async (r) => {
      const row = await lockTarget(r, 'setUserBindData', actor, input.id);
      if (input.originUserId) {
        const [other] = await r.tx.select({ id: users.id }).from(users).where(eq(users.originUserId, input.originUserId)).limit(1);
        if ((other && other.id !== row.id) || (await originPending(r.tx, input.originUserId, row.id))) throw new AppError('setUserBindData.originBindingExist', 'another account is bound to it');
      }
      const binding = input.originUserId
        ? { originName: input.originName, originUserId: input.originUserId, originPersonaId: input.originPersonaId ?? null, originEmail: input.originEmail ?? null }
        : { originName: null, originUserId: null, originPersonaId: null, originEmail: null };
      await r.tx.update(users).set({ ...binding, updateTime: new Date() }).where(eq(users.id, row.id));
      await recordAdminAction(r.tx, {
        actorId: actor.id,
        action: 'setUserBindData',
        targetUserId: row.id,
        detail: { from: { originName: row.originName, originUserId: row.originUserId }, to: { originName: binding.originName, originUserId: binding.originUserId } },
      });
      await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
      return { id: row.id, ...binding };
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw new AppError('setUserBindData.originBindingExist', 'another account is bound to it');
    throw e;
  }
}

const ORIGIN_FIELDS = ['originName', 'originUserId', 'originPersonaId', 'originEmail'] as const;

/** Moves the platform binding from one account to another (unbound) one, in one transaction. */
export async function transferBindData(services: Services, actor: AuthedUser, input: { fromId: number; toId: number }) {
  if (input.fromId === input.toId) throw new AppError('transferBindData.bad', 'from and to are the same account');
  return inTransaction(services, async (r) => {
    // Both rows locked in id order: two transfers in opposite directions never wait on each other in a circle.
    const [first, second] = input.fromId < input.toId ? [input.fromId, input.toId] : [input.toId, input.fromId];
    const a = await lockTarget(r, 'transferBindData', actor, first);
    const b = await lockTarget(r, 'transferBindData', actor, second);
    const from = a.id === input.fromId ? a : b;
    const to = a.id === input.toId ? a : b;
    if (!from.originUserId) throw new AppError('transferBindData.notBound', 'the source account is not bound');
    if (to.originUserId) throw new AppError('transferBindData.targetBound', 'the target account is already bound');
    const binding = Object.fromEntries(ORIGIN_FIELDS.map((k) => [k, from[k]])) as Binding;
    const now = new Date();
    await r.tx.update(users).set({ originName: null, originUserId: null, originPersonaId: null, originEmail: null, updateTime: now }).where(eq(users.id, from.id));
    const toAttr = { ...to.attr };
    delete toAttr.freezeOfNoBinding;
    const privileges = to.privileges.includes('freezed') && to.attr.freezeOfNoBinding ? (to.privileges.filter((p) => p !== 'freezed').length ? to.privileges.filter((p) => p !== 'freezed') : ['normal']) : to.privileges;
    await r.tx.update(users).set({ ...binding, attr: toAttr, privileges, updateTime: now }).where(eq(users.id, to.id));
    await recordAdminAction(r.tx, { actorId: actor.id, action: 'transferBindData', targetUserId: to.id, detail: { fromUserId: from.id, toUserId: to.id, originName: binding.originName, originUserId: binding.originUserId } });
    await r.emit(roomOf.user(from.id), 'user.updated', { userId: from.id });
    await r.emit(roomOf.user(to.id), 'user.updated', { userId: to.id });
    return { fromId: from.id, toId: to.id, originName: binding.originName, originUserId: binding.originUserId };
  });
}

/** Creates an unbound normal account. */
export async function addUser(services: Services, actor: AuthedUser, input: { username: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(services, async (r) => {
      if ((await usernameTaken(r.tx, input.username)) || (await usernamePending(r.tx, input.username))) throw new AppError('admin.addUser.usernameExist', 'the name is taken');
      const [row] = await r.tx
        .insert(users)
        .values({ username: input.username, passwordHash, privileges: ['normal'], attr: { language: 'en-US', changeNameLeft: LIMITS.changeNameDefault } })
        .returning({ id: users.id, username: users.username });
      await recordAdminAction(r.tx, { actorId: actor.id, action: 'addUser', targetUserId: row!.id, detail: { username: row!.username } });
      return row!;
    });
  } catch (e) {
    if (uniqueViolation(e) !== null) throw new AppError('admin.addUser.usernameExist', 'the name is taken');
    throw e;
  }
}

/**
 * `logic` hides and disables the account (its sessions end), `restore` undoes it, `real`
 * anonymises it: placeholder name, no e-mail, binding or password, attributes reset; the cases
 * and entries it wrote stay (they point at the same id).
 */
export async function delUser(services: Services, actor: AuthedUser, input: { type: 'logic' | 'restore' | 'real'; id: number }) {
  return inTransaction(services, async (r) => {
    const row = await lockTarget(r, 'admin.delUser', actor, input.id);
    let after: AccountShown = { ...row, valid: input.type === 'restore' };
    if (input.type === 'restore') {
      await r.tx.update(users).set({ valid: true, updateTime: new Date() }).where(eq(users.id, row.id));
    } else if (input.type === 'logic') {
      await revokeInTransaction(r, row.id, { valid: false, updateTime: new Date() });
    } else {
      const placeholder = `deleted-${row.id}-${crypto.randomBytes(3).toString('hex')}`;
      const unusable = await hashPassword(crypto.randomBytes(24).toString('base64url'));
      await revokeInTransaction(r, row.id, {
        valid: false,
        username: placeholder,
        passwordHash: unusable,
        privileges: ['normal'],
        originName: null,
        originUserId: null,
        originPersonaId: null,
        originEmail: null,
        attr: { changeNameLeft: 0 },
        updateTime: new Date(),
      });
      // The events kept for replays name it as the site now does (docs/architecture.md, "A replay tells things as they are now").
      await anonymiseStoredAccount(r.tx, { id: row.id, username: placeholder, privileges: ['normal'], avatar: userAvatarOf({ originEmail: null, username: placeholder }) });
      after = { ...after, username: placeholder, privileges: ['normal'] };
    }
    await tellAccountChanged({ services, r, before: row, after });
    await recordAdminAction(r.tx, { actorId: actor.id, action: 'delUser', targetUserId: row.id, detail: { type: input.type, ...(input.type === 'real' ? { username: row.username } : {}) } });
    // Its name and avatar leave (or come back to) the pages and searches that show the account.
    await r.emit(roomOf.user(row.id), 'user.updated', { userId: row.id });
    return { id: row.id, type: input.type };
  });
}

/**
 * Signs the user out everywhere, makes the old password unusable and mails a single-use,
 * expiring reset link (the reset flow of auth/) to the bound e-mail. No password is ever made
 * or sent in clear.
 */
export async function setUserGeneratePassword(services: Services, actor: AuthedUser, input: { id: number }) {
  const unusable = await hashPassword(crypto.randomBytes(24).toString('base64url'));
  await inTransaction(services, async (r) => {
    const row = await lockTarget(r, 'setUserGeneratePassword', actor, input.id);
    if (!row.originEmail) throw new AppError('setUserGeneratePassword.noEmail', 'the account has no bound e-mail to send the link to');
    await revokeInTransaction(r, row.id, { passwordHash: unusable });
    const language = pickLanguage(row.attr.language);
    const code = await createVerification(r.tx, 'reset', { userId: row.id, username: row.username, language });
    await recordAdminAction(r.tx, { actorId: actor.id, action: 'setUserGeneratePassword', targetUserId: row.id, detail: { mailed: true } });
    const link = `${services.config.publicUrl}/forgetPasswordVerify?code=${code}`;
    // Sent last, inside the transaction: a refused mail rolls everything back.
    await sendMailOrFail(services, buildMail(services.i18n, 'reset', { to: row.originEmail, language, username: row.username, link }));
  });
  return { id: input.id };
}
