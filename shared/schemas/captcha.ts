import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Captcha fields accepted beside a request's `data` (docs/api-compatibility.md#captcha): the current object form,
 * the legacy pair (`captcha` string + top-level `encryptCaptcha`), and `SKIP_CAPTCHA` for bots.
 */
const captchaObject = z.discriminatedUnion('captchaType', [
  z.object({
    captchaType: z.literal('svg'),
    encryptCaptcha: z.string().min(1).max(512),
    response: z.string().min(1).max(LIMITS.captchaLength),
  }),
  z.object({ captchaType: z.literal('turnstile'), response: z.string().min(1).max(4096) }),
]);

export const captchaFields = z.object({
  captcha: z.union([z.string().max(LIMITS.captchaLength), captchaObject]).optional(),
  encryptCaptcha: z.string().max(512).optional(),
  SKIP_CAPTCHA: z.union([z.boolean(), z.string()]).optional(),
});
export type CaptchaFields = z.infer<typeof captchaFields>;

export const captchaQuery = z.object({ t: z.string().optional() });
