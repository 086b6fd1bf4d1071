/** The captcha a visitor asked for with `?captcha=` (`turnstile` where the site offers it), kept for the browser tab. */
export type CaptchaChoice = 'svg' | 'turnstile';

const KEY = 'tribunal.captcha';

/** Reads `?captcha=svg|turnstile` at start; any other value leaves the choice as it was. */
export function rememberCaptchaChoice(query: string | null) {
  if (query !== 'svg' && query !== 'turnstile') return;
  try {
    sessionStorage.setItem(KEY, query);
  } catch {
    // Storage refused (private mode): the default captcha stays.
  }
}

export function captchaChoice(): CaptchaChoice {
  try {
    return sessionStorage.getItem(KEY) === 'turnstile' ? 'turnstile' : 'svg';
  } catch {
    return 'svg';
  }
}

/** Which captcha a form shows: Turnstile when asked for and the site offers it, else the svg picture. */
export function captchaKind(choice: CaptchaChoice, siteKey: string | undefined): 'svg' | 'turnstile' | 'svgInstead' {
  if (choice !== 'turnstile') return 'svg';
  return siteKey ? 'turnstile' : 'svgInstead';
}
