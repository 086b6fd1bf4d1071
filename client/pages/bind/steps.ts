/** The binding wizard's steps; the last one runs on the link from the mail. */
export const BIND_STEPS = ['platform', 'captcha', 'mail', 'verify'] as const;
