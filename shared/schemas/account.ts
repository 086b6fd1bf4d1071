import { z } from 'zod';
import { LIMITS } from '../limits';
import { LANGUAGE_CODES } from '../languages';
import { emailField, idParam } from './common';
import { captchaFields } from './captcha';
import { USERNAME_PATTERN } from '../usernames';

export { USERNAME_PATTERN };

export const usernameField = z
  .string()
  .trim()
  .min(LIMITS.usernameMin)
  .max(LIMITS.usernameMax)
  .regex(USERNAME_PATTERN, 'letters, digits, _ and - only');

export const passwordField = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);

export const originNameField = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.originNameMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only');

const languageField = z.enum(LANGUAGE_CODES);
const optionalLanguage = z.string().max(16).optional();

const VISIT_TYPES = ['websites', 'client-phone', 'client-desktop', 'external-auth', 'bot'] as const;

export const signupBody = captchaFields.extend({
  data: z.object({
    username: usernameField,
    password: passwordField,
    originEmail: emailField,
    originName: originNameField,
    language: optionalLanguage,
  }),
});
export type SignupBody = z.infer<typeof signupBody>;

const verifyCodeField = z.string().trim().min(16).max(200).regex(/^[A-Za-z0-9]+$/);

export const signupVerifyQuery = z.object({ code: verifyCodeField, lang: optionalLanguage });

export const signinBody = captchaFields.extend({
  data: z.object({
    username: z.string().trim().min(1).max(LIMITS.emailMax),
    password: z.string().min(1).max(LIMITS.passwordMax),
    visitType: z.enum(VISIT_TYPES).optional(),
    EXPIRES_IN: z.coerce.number().int().positive().max(10 * 365 * 24 * 3600 * 1000).optional(),
  }),
});

export const bindOriginBody = captchaFields.extend({
  data: z.object({ originEmail: emailField, originName: originNameField, language: optionalLanguage }),
});

export const bindOriginVerifyQuery = z.object({ code: verifyCodeField });

export const forgetPasswordBody = captchaFields.extend({
  data: z.object({
    username: z.string().trim().min(1).max(LIMITS.emailMax),
    originEmail: emailField,
    language: optionalLanguage,
  }),
});

export const forgetPasswordVerifyBody = z.object({
  data: z.object({ code: verifyCodeField, newpassword: passwordField }),
});

export const changeNameBody = captchaFields.extend({ data: z.object({ newname: usernameField }) });

export const changePasswordBody = captchaFields.extend({
  data: z.object({ oldpassword: z.string().min(1).max(LIMITS.passwordMax), newpassword: passwordField }),
});

/** The attributes a user may set on their own account (never a mute or privileges: the original let muted users lift their mute). */
export const userSettableAttr = z
  .object({
    allowDM: z.boolean(),
    showOrigin: z.boolean(),
    showAchievement: z.boolean(),
    introduction: z.string().max(LIMITS.introductionMax),
    language: languageField,
    showAD: z.boolean(),
  })
  .partial()
  .strip();
export type UserSettableAttr = z.infer<typeof userSettableAttr>;

export const updateMeBody = z.object({
  data: z
    .object({
      attr: userSettableAttr.optional(),
      /** The whole list of followed cases, replacing it (the original's way; `user/subscribes/add` and `delete` change it one by one). */
      subscribes: z.array(idParam).max(LIMITS.subscriptionsMax).optional(),
    })
    .passthrough(),
});

export const userInfoQuery = z.object({ id: idParam });
