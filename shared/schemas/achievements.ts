import { z } from 'zod';
import { idParam } from './common';

const achievementKey = z.string().trim().min(1).max(48).regex(/^[a-z0-9_]+$/, 'an achievement id');

/** `POST /user/achievement`: `{id}` (what the original's clients send) or `{data: {id}}`; both reach the same claim. */
export const claimAchievementBody = z
  .object({ id: achievementKey.optional(), data: z.object({ id: achievementKey }).optional() })
  .refine((b) => b.id !== undefined || b.data !== undefined, { message: 'id is required', path: ['id'] })
  .transform((b) => ({ id: (b.id ?? b.data!.id) as string }));

const adminFields = z.object({ userId: idParam, achievementId: achievementKey });

/** `POST /user/achievement/admin/add|delete`: `{userId, achievementId}`, also accepted inside `data`. */
export const adminAchievementBody = z.preprocess((b) => {
  const data = (b as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? data : b;
}, adminFields);

/** `GET /user/achievements`: another user's (`id`, shown only when they show them), else one's own. */
export const achievementsQuery = z.object({ id: idParam.optional() });

/**
 * `GET /achievements`: `lang`, a language tag (`de`, `zh-TW`, `pt-BR`); the closest language we
 * have answers, en-US when none is close, as the site reads its own `?lang=`. Not a tag at all: 400.
 */
export const achievementCatalogueQuery = z.object({
  lang: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/, 'a language tag such as en-US')
    .optional(),
});
