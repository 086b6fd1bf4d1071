/** Response shapes of the account endpoints, as the server presents them. */

export type { AccountAttr, BoundOrigin, Me, SigninResult, TokenPayload as TokenUserInfo, UserInfo } from '@shared/types/account';

export interface CaptchaChallenge {
  hash: string;
  content: string;
}

/** The captcha as the API takes it beside `data`. */
export interface CaptchaAnswer {
  captchaType: 'svg';
  encryptCaptcha: string;
  response: string;
}

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
