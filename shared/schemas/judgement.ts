import { z } from 'zod';
import { CHEAT_METHODS } from '../games';
import { APPEAL_TYPES, JUDGE_ACTIONS, needsCheatMethods } from '../judgement';
import { LIMITS } from '../limits';
import { caseKey } from './cases';
import { epochMs, idParam, limitParam, skipParam } from './common';

const knownMethods = (list: string[]) => [...new Set(list.filter((m) => (CHEAT_METHODS as readonly string[]).includes(m)))];

/**
 * `player/judgement`: cheat methods are required for
 * guilt and kill (unknown ones dropped, at least one left) and ignored otherwise; the hacker level
 * only travels with them.
 */
export const judgementBody = z.object({
  data: z
    .object({
      toPlayerId: idParam,
      action: z.enum(JUDGE_ACTIONS),
      content: z.string().trim().min(LIMITS.judgementMin).max(LIMITS.judgementMax),
      cheatMethods: z.array(z.string().max(32)).max(20).nullish(),
      hackerLevel: z.coerce.number().int().min(1).max(4).nullish(),
    })
    .transform((d, ctx) => {
      if (!needsCheatMethods(d.action)) return { ...d, cheatMethods: null, hackerLevel: null };
      const cheatMethods = knownMethods(d.cheatMethods ?? []);
      if (!cheatMethods.length) {
        ctx.addIssue({ code: 'custom', path: ['cheatMethods'], message: 'choose at least one cheat method for guilt or kill' });
        return z.NEVER;
      }
      return { ...d, cheatMethods, hackerLevel: d.hackerLevel ?? null };
    }),
});
export type JudgementInput = z.infer<typeof judgementBody>['data'];

/** Links are optional; empty strings count as absent. */
const optionalLink = z
  .string()
  .trim()
  .max(LIMITS.videoLinkMax)
  .nullish()
  .transform((v) => v || undefined)
  .pipe(z.url({ protocol: /^https?$/ }).optional());

/**
 * The MOSS archive as the upload answered it: its `name`, its relative `downloadURL`, or that
 * address made absolute. Whether it is one of our own files is decided on the server.
 */
const fileRef = z
  .string()
  .trim()
  .max(LIMITS.videoLinkMax)
  .nullish()
  .transform((v) => v || undefined);

export const appealLinks = z.object({ btrLink: optionalLink, videoLink: optionalLink, mossDownloadUrl: fileRef }).partial();

/** `player/banAppeal`: DISC omits the type (read as `none`); `toOriginPersonaId` is ignored — ownership is decided on the server. */
export const banAppealBody = z.object({
  data: z.object({
    toPlayerId: idParam,
    appealType: z.enum(APPEAL_TYPES).default('none'),
    content: z.string().trim().min(1).max(LIMITS.appealMax),
    extendedLinks: appealLinks.nullish().transform((v) => v ?? {}),
  }),
});
export type BanAppealInput = z.infer<typeof banAppealBody>['data'];

/** `player/viewBanAppeal`: records the viewer; `status` open (unlock), lock, or close (fail the appeal). */
export const viewBanAppealBody = z.object({
  data: z.object({ id: idParam, status: z.enum(['open', 'close', 'lock']).optional(), content: z.string().trim().max(LIMITS.judgementMax).optional() }),
});

/** `admin/setAppeal` (the web client sends `{toPlayerId}` at the top level): fails the open appeal. */
export const setAppealBody = z
  .object({
    toPlayerId: idParam.optional(),
    data: z.object({ toPlayerId: idParam.optional(), content: z.string().trim().max(LIMITS.judgementMax).optional() }).optional(),
  })
  .transform((b) => ({ toPlayerId: b.data?.toPlayerId ?? b.toPlayerId, content: b.data?.content }))
  .refine((b) => b.toPlayerId !== undefined, 'toPlayerId is required');

/** `admin/judgementLog`: filters by admin, case and time. */
export const judgementLogBody = z.object({
  skip: skipParam,
  limit: limitParam(100, 20),
  userId: idParam.optional(),
  userName: z.string().trim().min(1).max(LIMITS.usernameMax).optional(),
  dbId: idParam.optional(),
  createTimeFrom: epochMs.optional(),
  createTimeTo: epochMs.optional(),
});
export type JudgementLogQuery = z.infer<typeof judgementLogBody>;

/** `player/votes`: the running tally of a case. */
export const votesQuery = caseKey;
