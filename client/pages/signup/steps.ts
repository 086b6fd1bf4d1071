/** The sign-up wizard's steps; the last one is shown by the verification link's page. */
export const SIGNUP_STEPS = ['account', 'platform', 'captcha', 'mail', 'finish'] as const;
