/** The account shapes on the wire: typed once here for the server's presenters and the client. */

/** The token's payload, answered by sign-in as `userinfo`. */
export interface TokenPayload {
  userId: number;
  username: string;
  userAvatar: string;
  privilege: readonly string[];
  /** Epoch ms when the token was issued; tokens older than the user's signoutTime are revoked. */
  signWhen: number;
  /** websites, client-phone, client-desktop, bot, external-auth. */
  visitType: string;
  /** Lifetime in ms. */
  expiresIn: number;
  /** On an app's `external-auth` token: the authorization it was issued for (revoking it ends the token). */
  authId?: number;
}

export interface SigninResult {
  token: string;
  userinfo: TokenPayload;
}

/** A user's attributes (the original's `users.attr`); who sees which key is decided by the user presenter. */
export interface AccountAttr {
  allowDM?: boolean;
  showOrigin?: boolean;
  showAchievement?: boolean;
  showAD?: boolean;
  introduction?: string;
  language?: string;
  changeNameLeft?: number;
  freezeOfNoBinding?: boolean;
  /** Muted until ('YYYY-MM-DD HH:mm:ss' or ISO). */
  mute?: string | null;
  /** Achievement id -> epoch ms when it was earned. */
  achievements?: Record<string, number>;
  registerIP?: string;
  lastSigninIP?: string;
  /** An application's bot account: the application it acts for (docs/applications.md). */
  app?: { id: number; name: string };
  /** The stored name of one of the user's own processed images, chosen as avatar (else a Gravatar-style one). */
  avatar?: string | null;
}

/** The platform account a user is bound to; the e-mail only in the owner's and staff's views. */
export interface BoundOrigin {
  originName: string | null;
  originUserId: string;
  originPersonaId: string | null;
  originEmail?: string | null;
}

/** GET /user/info (and info4admin): a user's profile as the viewer may see it. */
export interface UserInfo {
  id: number;
  userAvatar: string;
  username: string;
  userAchievementExp: number;
  privilege: readonly string[];
  joinTime: string;
  lastOnlineTime: string;
  /** The followed case ids in the owner's view (`/user/me`), else null. */
  subscribes: readonly number[] | null;
  origin: BoundOrigin | null;
  isBound: boolean;
  attr: AccountAttr;
  /** Staff view only. */
  valid?: boolean;
  signoutTime?: string | null;
  reportNum: number;
  /** Cases the user reported now in status 0, 1 and 4. */
  statusNum: Record<string, number>;
}

/** GET /user/me: the signed-in account with its private settings and followed cases. */
export type Me = UserInfo & { subscribes: readonly number[] };
