/** The password-reset wizard's steps; the last two are on the page the mail links to. */
export const RESET_STEPS = ['account', 'captcha', 'mail', 'password', 'done'] as const;
