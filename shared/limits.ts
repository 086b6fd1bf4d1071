/** Business constants and limits (spec §9, reference §12). */
export const LIMITS = {
  usernameMin: 4,
  usernameMax: 40,
  passwordMin: 6,
  passwordMax: 40,
  captchaLength: 4,
  captchaTtlMs: 20 * 60 * 1000,
  captchaRefreshWaitMs: 60 * 1000,
  tokenTtlMs: 7 * 24 * 60 * 60 * 1000,
  loginCookieDays: 7,
  verificationTtlMs: 4 * 60 * 60 * 1000,
  changeNameDefault: 3,
  introductionMax: 2000,
  originNameMax: 64,
  emailMax: 254,
  pageDefault: 20,
  pageMax: 100,
  timelinePage: 20,
  quotePreview: 80,
  highlightMs: 10_000,
  bindRedirectMs: 3_000,
  replyMax: 5000,
  /** Case pages listed in one sitemap file (the protocol allows 50 000); a sitemap index lists the files. */
  sitemapCases: 10_000,
  /** Visible characters a reply needs (spec §5: single-character replies are meaningless). */
  replyMinChars: 2,
  judgementMax: 60000,
  judgementMin: 5,
  appealMax: 65535,
  /** Uploads: images as the original (2 MiB); MOSS archives may be larger. */
  uploadImageBytes: 2 * 1024 * 1024,
  uploadZipBytes: 16 * 1024 * 1024,
  /** A zip with more entries than this is refused unread (zip bombs). */
  zipMaxEntries: 2000,
  reportMax: 65535,
  videoLinkMax: 255,
  subscriptionsMax: 100,
  /** Characters of one chat message or push (its HTML, before sanitising). */
  messageMax: 2000,
  suspectWindowMs: 7 * 24 * 60 * 60 * 1000,
  /** Realtime room joins per socket per window: a page joins a few, a reconnect re-joins them all. */
  roomJoinsPerWindow: 60,
  roomJoinWindowS: 10,
} as const;
