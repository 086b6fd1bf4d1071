/** Response shapes of the account endpoints, as the server presents them. */

export type { AccountAttr, BoundOrigin, Me, SigninResult, TokenPayload as TokenUserInfo, UserInfo } from '@shared/types/account';

export interface CaptchaChallenge {
  hash: string;
  content: string;
  /** Present when the site offers Cloudflare Turnstile: the widget's site key. */
  turnstileSiteKey?: string;
}

/** The captcha as the API takes it beside `data`: the svg picture's answer, or a Turnstile token. */
export type CaptchaAnswer = { captchaType: 'svg'; encryptCaptcha: string; response: string } | { captchaType: 'turnstile'; response: string };

/** One line of GET /user/reports: a case the user reported. */
export interface UserReport {
  id: number;
  originName: string;
  originPersonaId: string;
  status: number;
  games: string[];
  avatarLink: string | null;
  createTime: string;
  updateTime: string;
}
