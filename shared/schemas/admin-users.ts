import { z } from 'zod';
import { MANAGED_ROLES, MUTE_DURATIONS_MS } from '../roles';
import { LIMITS } from '../limits';
import { LANGUAGE_CODES } from '../languages';
import { boolParam, emailField, emptyAsAbsent, idParam, limitParam, platformId, skipParam } from './common';
import { originNameField, passwordField, usernameField } from './account';
import { adminPage } from './admin';

/** `GET /admin/searchUser`: by id, name, bound account or e-mail; all users, staff or bots. */
export const SEARCH_USER_PARAMETERS = ['id', 'username', 'originName', 'originPersonaId', 'originEmail'] as const;
export const searchUserQuery = adminPage.extend({
  /** Empty: every account of the type (the staff page's first view and its staff tab send none). */
  name: z.string().trim().max(254).default(''),
  parameter: z.preprocess(emptyAsAbsent, z.enum(SEARCH_USER_PARAMETERS).default('username')),
  type: z.enum(['all', 'admin', 'bot']).default('all'),
});
export type SearchUserQuery = z.infer<typeof searchUserQuery>;

export const setUserRoleBody = z.object({
  data: z.object({ id: idParam, action: z.enum(['grant', 'revoke']), role: z.enum(MANAGED_ROLES) }),
});

/**
 * Attributes staff may force (never `achievements`, which have their own endpoints, nor a mute or
 * IPs). Other keys are dropped, not refused: the original's web client sends back the whole `attr`
 * its user list showed, with those in it.
 */
export const staffSettableAttr = z
  .object({
    allowDM: z.boolean(),
    showOrigin: z.boolean(),
    showAchievement: z.boolean(),
    showAD: z.boolean(),
    language: z.enum(LANGUAGE_CODES),
    changeNameLeft: z.number().int().min(0).max(100),
    freezeOfNoBinding: z.boolean(),
  })
  .partial();

export const setUserAttrBody = z.object({
  data: z.object({
    id: idParam,
    username: usernameField.optional(),
    attr: staffSettableAttr.optional(),
    userIntroduction: z.string().max(LIMITS.introductionMax).optional(),
  }),
});

export const setUserBindDataBody = z.object({
  data: z.object({
    id: idParam,
    originName: originNameField.nullable(),
    originUserId: platformId.nullable(),
    originPersonaId: platformId.nullable().optional(),
    originEmail: emailField.nullable().optional(),
  }),
});

export const transferBindDataBody = z.object({ data: z.object({ fromId: idParam, toId: idParam }) });

export const addUserBody = z.object({ data: z.object({ username: usernameField, password: passwordField }) });

export const delUserBody = z.object({ data: z.object({ type: z.enum(['logic', 'restore', 'real']), id: idParam }) });

export const userIdBody = z.object({ data: z.object({ id: idParam }) });

export const muteUserBody = z.object({
  data: z.object({
    id: idParam,
    type: z.enum(['add', 'remove']),
    value: z.coerce.number().int().min(0).max(MUTE_DURATIONS_MS.length - 1).default(0),
  }),
  isNotice: z.union([z.boolean(), boolParam]).optional(),
  language: z.string().max(16).optional(),
  warn: z.string().trim().max(LIMITS.introductionMax).optional(),
});

export const mutedListQuery = adminPage;
export const blockedListQuery = z.object({ skip: skipParam, limit: limitParam(100, 20) });

/** A user as the staff lists show it: never a hash; IPs only for root/dev. */
export interface StaffUserRow {
  id: number;
  username: string;
  privilege: string[];
  valid: boolean;
  originName: string | null;
  originUserId: string | null;
  originPersonaId: string | null;
  originEmail: string | null;
  createTime: string;
  updateTime: string;
  signoutTime: string | null;
  /** The mute's end (ISO) when muted now. */
  mutedUntil: string | null;
  attr: Record<string, unknown>;
}
