/** One game-platform (EA) account as the directory knows it. */
export interface DirectoryAccount {
  userId: string;
  personaId: string;
  name: string;
  email?: string;
  /** Whether the account lets others find it by e-mail (sign-up and binding look accounts up by e-mail). */
  emailSearchable?: boolean;
  avatar?: string;
  /** Owned games by display name; absent = private. */
  games?: string[];
}

export interface PlatformIdentity {
  userId: string;
  personaId: string;
  username: string;
}
