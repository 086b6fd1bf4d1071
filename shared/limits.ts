/** Business constants and limits: the one place for each number the server and the client share. */
export const LIMITS = {
  /**
   * The latest epoch milliseconds a time filter takes: 9999-12-31T23:59:59.999Z, the last instant
   * written with a four-digit year (later ones print as "+275760-..." and the database refuses them).
   */
  epochMsMax: 253_402_300_799_999,
  /**
   * The BFBAN import keeps the original's ids and starts this site's own rows a margin above them
   * (a tenth of the highest id, at least this many), so the rows the old site makes before a later
   * `--since` pass still find their ids free (server/import/bfban/id-ranges.ts).
   */
  importIdHeadroomMin: 10_000,
  importIdHeadroomShare: 0.1,
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
  /** The trend's longest list (the original's), and the longest a request may ask: the mobile app's desktop build doubles its 10. */
  trendMax: 10,
  trendAskedMax: 20,
  /**
   * A player search counts its hits up to this many: `total` is exact below it, and this number
   * means "this many or more" (a 3-letter name part can match a fifth of a million names).
   */
  searchTotalMax: 1000,
  timelinePage: 20,
  quotePreview: 80,
  highlightMs: 10_000,
  bindRedirectMs: 3_000,
  replyMax: 5000,
  /** Case pages listed in one sitemap file (the protocol allows 50 000); a sitemap index lists the files. */
  sitemapCases: 10_000,
  /** Visible characters a reply needs (single-character replies are meaningless). */
  replyMinChars: 2,
  judgementMax: 60000,
  judgementMin: 5,
  appealMax: 65535,
  /** Uploads: images as the original (2 MiB); MOSS archives may be larger. */
  uploadImageBytes: 2 * 1024 * 1024,
  uploadZipBytes: 16 * 1024 * 1024,
  /** Videos (webm, ogg, mp4): 30 MiB. */
  uploadVideoBytes: 30 * 1024 * 1024,
  /** Images with more pixels than this are refused before decoding (decompression bombs). */
  imageMaxPixels: 50_000_000,
  /** Processed images get a thumbnail and an avatar size: their longest side, in pixels. */
  thumbPx: 320,
  /**
   * How long a request for an image still being processed waits for it (its job takes well under a
   * second): the original's clients put a new upload's address into the editor at once.
   */
  fileProcessingWaitMs: 10_000,
  avatarPx: 150,
  /** An uploaded file's own name as its client gave it (characters), kept for the media library. */
  fileNameMax: 255,
  /** The media library and the file lists: 40 a page, 200 at most. */
  mediaPage: 40,
  mediaPageMax: 200,
  /** Big-file upload sessions: total size, chunk size, and how long a session waits for its next chunk. */
  bigUploadMaxBytes: 2e9,
  uploadChunkBytes: 10 * 1024 * 1024,
  uploadSessionTtlMs: 2 * 60 * 60 * 1000,
  /** Uploads straight to an object store: a file up to this size goes in one presigned POST, a larger one in parts of this size (S3 takes parts of 5 MiB and more, but the last). */
  directPartBytes: 8 * 1024 * 1024,
  /** Daily media counters start again this long after the window opened. */
  quotaWindowMs: 24 * 60 * 60 * 1000,
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
  /**
   * Per client address, all its sockets on every node together (docs/operations.md, "Realtime
   * limits per address"): room joins, and events replayed by them, per window. Many sockets of one
   * address would otherwise each get the per-socket limit; the replay, each event written to the
   * socket, is the costly part of a join. Both leave room for a household or an office reconnecting
   * at once: ten full replays (`REPLAY_LIMIT`), or a hundred tabs re-joining six rooms each.
   */
  roomJoinsPerAddress: 600,
  replayedEventsPerAddress: 5_000,
  addressJoinWindowS: 10,
  /**
   * Open sockets per client address on one node: what its memory and its fan-outs (every socket in
   * a room is written to) may spend on one address. Generous, as a school's or a carrier's NAT puts
   * many people behind one address; a tab holds one socket.
   */
  socketsPerAddressMax: 500,
  /** How deep a request body or socket payload may nest arrays and objects (the API's own nest a few levels). */
  jsonDepthMax: 32,
  /** The longest room name a client may send (the longest real one, a chat of two 10-digit ids, has 26 characters). */
  roomNameMax: 64,
  /** External authorization: the mailed approval code's life, the app token's default and longest life. */
  appAuthCodeTtlMs: 24 * 60 * 60 * 1000,
  appTokenTtlMs: 24 * 60 * 60 * 1000,
  appTokenTtlMaxMs: 30 * 24 * 60 * 60 * 1000,
  /** What the server reads of an app's `auths.txt`, and how long it waits for the app's site. */
  appAuthTextMaxBytes: 1024,
  appOutboundTimeoutMs: 5000,
  appNameMax: 64,
  /** How long a page that opens the companion app waits before showing its fallback (the app, once open, hides the page). */
  companionAppOpenWaitMs: 1500,
  /** The tools directory: a submission's fields, and how many may wait for review per account. */
  toolNameMax: 48,
  toolDescriptionMin: 10,
  toolDescriptionMax: 400,
  toolTagsMax: 5,
  toolReasonMax: 300,
  toolsPendingPerUser: 3,
  /** Applications (`/developers`): a registration's fields, and how many may wait for review per account. */
  applicationNameMax: 48,
  applicationPurposeMin: 20,
  applicationPurposeMax: 1000,
  applicationContactMax: 200,
  applicationReasonMax: 300,
  applicationsPendingPerUser: 3,
  /** An application's keys: a key's name, and how many live at once (two during a rotation). */
  appKeyNameMax: 40,
  appKeysLiveMax: 2,
  /** How long the old key of a rotation still works once the new one is made. */
  appKeyRotationGraceMs: 24 * 60 * 60 * 1000,
  /** A key's last-used time is written at most this often (per key and node), not on every request. */
  appKeyLastUsedEveryMs: 60_000,
  /** Requests a key may make per minute, whatever they are. */
  appKeyRequestsPerMinute: 120,
  /** Writes a key may make per day, by the scope the route declares. */
  appKeyWritesPerDay: { report: 500, reply: 1000, appeal: 100, judge: 2000, webhooks: 200 },
  /** How often a node adds its counted usage to the database, and how many days of usage are shown. */
  appUsageFlushMs: 10_000,
  /** How often a node adds the case views it counted to the cases (a view is a Map update, not a write of its own). */
  viewFlushMs: 1_000,
  appUsageDays: 30,
  /**
   * Mailed codes (sign-up, password reset, binding, app approval): requests that carry one, per
   * address and window, all such routes together; and wrong codes tried by one signed-in account.
   */
  codeTriesPerAddress: 20,
  codeTriesWindowS: 600,
  codeFailuresPerAccount: 10,
  codeFailuresWindowS: 3600,
  /**
   * Keys one per-address or per-user limit counts at most in a process without Redis (or while
   * Redis is away): about 165 bytes each, so a flood of new addresses costs at most ~16 MB a limit.
   */
  rateLimitKeysMax: 100_000,
  /** How long the ban-list feed can be resumed from a cursor: older changes are gone, and a tool re-syncs from the export. */
  feedRetentionDays: 30,
  /** Changes a feed poll answers by default and at most. */
  feedPageDefault: 100,
  feedPageMax: 1000,
  /**
   * Changes one feed poll looks through at most: with filters that match few of them, the poll
   * answers a cursor that moved this far (and `more`) rather than reading a month in one go.
   */
  feedScanMax: 10_000,
  /**
   * The newest changes each node keeps in memory: a poll from a cursor among them is answered
   * without a statement, however many tools poll from however many cursors.
   */
  feedRecentKept: 1000,
  /** Cases the export reads per statement while it streams. */
  feedExportPage: 1000,
  /** Cases read per statement by `GET /players/stream` (written out before the next page is read). */
  caseStreamPage: 500,
  /** Days a daily open-data dump stays listed and downloadable before the job deletes it. */
  dumpKeepDays: 30,
  /** Cases the open-data job reads per statement while it writes a dump. */
  dumpPage: 1000,
} as const;


const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
/** Media quotas per kind of account, enforced on every upload: stored bytes, bytes a day, files a day. */
export const MEDIA_QUOTAS = {
  staff: { storageBytes: 10 * GB, dailyBytes: 2 * GB, dailyFiles: 2000 },
  bot: { storageBytes: 1 * GB, dailyBytes: 1 * GB, dailyFiles: 500 },
  normal: { storageBytes: 250 * MB, dailyBytes: 200 * MB, dailyFiles: 50 },
} as const;
export type MediaQuotaLimits = (typeof MEDIA_QUOTAS)[keyof typeof MEDIA_QUOTAS];
