/** Response shapes of the account endpoints, as the server presents them. */

/** The token's payload, answered by sign-in as `userinfo`. */
export interface TokenUserInfo {
  userId: number;
  username: string;
  userAvatar: string;
  privilege: readonly string[];
  /** Epoch ms when the token was issued. */
  signWhen: number;
  visitType: string;
  /** Token lifetime in ms. */
  expiresIn: number;
}

export interface SigninResult {
  token: string;
  userinfo: TokenUserInfo;
}

export interface AccountAttr {
  allowDM?: boolean;
  showOrigin?: boolean;
  showAchievement?: boolean;
  showAD?: boolean;
  introduction?: string;
  language?: string;
  changeNameLeft?: number;
  freezeOfNoBinding?: boolean;
  mute?: string | null;
}

export interface BoundOrigin {
  originName: string | null;
  originUserId: string;
  originPersonaId?: string | null;
  originEmail?: string | null;
}

/** GET /user/me: the signed-in account with its private settings. */
export interface Me {
  id: number;
  username: string;
  userAvatar: string;
  privilege: readonly string[];
  joinTime: string;
  lastOnlineTime: string;
  origin: BoundOrigin | null;
  isBound: boolean;
  attr: AccountAttr;
  reportNum: number;
}

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

/** GET /user/info: a user's public profile, with the game account for admins and the user themself (`/user/info4admin` adds every attribute). */
export interface UserInfo {
  id: number;
  username: string;
  userAvatar: string;
  privilege: readonly string[];
  joinTime: string;
  lastOnlineTime: string;
  origin: BoundOrigin | null;
  attr: AccountAttr;
  reportNum: number;
  statusNum: Record<string, number>;
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
