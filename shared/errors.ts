/**
 * The error catalogue: every failure code the API can answer with, and its HTTP status.
 * Codes are user-visible (clients translate them), so their spelling follows the reference,
 * misspellings included (`user.permissionDenined`).
 */
export const ERROR_STATUS = {
  'request.404': 404,
  'request.rateLimited': 429,
  'request.tooLarge': 413,
  'request.badJson': 400,
  'server.error': 500,
  'server.unavailable': 503,
  'health.degraded': 503,

  'user.tokenExpired': 401,
  'user.invalid': 401,
  'user.tokenClientException': 401,
  'user.permissionDenined': 403,
  'user.permissionDenied': 403,
  'user.needBindEaAccount': 403,

  'captcha.bad': 400,
  'captcha.expired': 403,
  'captcha.wrong': 403,
  'captcha.error': 503,

  'signin.bad': 400,
  'signin.noSuchUser': 401,
  'signin.invalidIdentity': 401,
  'signup.bad': 400,
  'signup.usernameExist': 409,
  'signup.originNotFound': 404,
  'signup.usernameMismatch': 400,
  'signup.originBindingExist': 409,
  'signup.gameNotShown': 403,
  'signup.notFound': 404,
  'signup.expired': 400,
  'signup.error': 503,
  'logout.bad': 400,

  'bindOrigin.bad': 400,
  'bindOrigin.originNotFound': 404,
  'bindOrigin.originBindingExist': 409,
  'bindOrigin.gameNotShowed': 403,
  'bindOrigin.notFound': 404,
  'bindOrigin.expired': 400,
  'bindOrigin.error': 503,

  'forgetPassword.bad': 400,
  'forgetPassword.notFound': 404,
  'forgetPassword.permissionDenied': 403,
  'forgetPassword.expired': 400,

  'changeName.bad': 400,
  'changeName.noChance': 403,
  'changeName.occupied': 409,
  'changePassword.bad': 400,
  'changePassword.notMatch': 403,

  'me.bad': 400,
  'userInfo.bad': 400,
  'userInfo.notFound': 404,

  'achievement.bad': 400,
  'achievement.duplicate': 403,
  'achievement.notConditions': 403,
  'achievement.notFound': 404,

  'mail.error': 503,

  'player.bad': 400,
  'player.notFound': 404,
  'players.bad': 400,
  'playerBatch.bad': 400,
  'playerBatchs.bad': 400,
  'viewed.bad': 400,
  'viewed.notFound': 404,
  'report.bad': 400,
  'report.spam': 403,
  'report.notFound': 404,
  'report.error': 503,
  'reportById.bad': 400,
  'reportById.spam': 403,
  'reportById.notFound': 404,
  'reportById.error': 503,
  'reply.bad': 400,
  'reply.spam': 403,
  'reply.notFound': 404,
  'unReply.bad': 400,
  'judgement.bad': 400,
  'judgement.spam': 403,
  'judgement.notFound': 404,
  'judgement.permissionDenied': 403,
  'judgement.appealLock': 403,
  'judgementLog.bad': 400,
  'adminLog.bad': 400,
  'userOperationLogs.bad': 400,
  'chatLog.bad': 400,
  'verifications.bad': 400,
  'votes.bad': 400,
  'votes.notFound': 404,
  'banAppeal.bad': 400,
  'banAppeal.notFound': 404,
  'banAppeal.noNeed': 400,
  'banAppeal.locked': 403,
  'banAppeal.timeLimit': 429,
  'banAppeal.noPreviousAppeal': 400,
  'viewBanAppeal.bad': 400,
  'setAppeal.bad': 400,
  'setAppeal.notFound': 404,
  'upload.bad': 400,
  'upload.unsupport': 415,
  'upload.tooLarge': 413,
  'upload.exceedQuota': 403,
  'upload.badRange': 416,
  'upload.sessionNotFound': 404,
  'file.bad': 400,
  'file.notFound': 404,
  'myFiles.bad': 400,
  'avatar.bad': 400,
  'files.bad': 400,
  'webhooks.bad': 400,
  'webhook.notFound': 404,
  'webhook.exceedMax': 409,
  'unReply.notFound': 404,
  'update.bad': 400,
  'update.notFound': 404,
  'update.error': 503,
  'timeline.bad': 400,
  'timeline.notFound': 404,
  'commentItem.bad': 400,
  'commentItem.notFound': 404,
  'subscribes.bad': 400,
  'subscribes.notFound': 404,
  'subscribes.exceedMax': 409,
  'userReports.bad': 400,
  'userReports.notFound': 404,
  'search.bad': 400,
  'advanceSearch.bad': 400,
  'advanceSearch.error': 503,
  'statistics.bad': 400,
  'playerStatistics.bad': 400,
  'activities.bad': 400,
  'trend.bad': 400,
  'siteStats.bad': 400,
  'activeStatistical.bad': 400,
  'banAppeals.bad': 400,
  'getAdmins.bad': 400,
  'message.bad': 400,
  'message.denied': 403,
  'message.blocked': 403,
  'message.self': 403,
  'message.banned': 403,
  'message.muted': 403,
  'message.notFound': 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_STATUS, code);

/** The shape of every failure body. `err` is kept on token failures for old clients. */
export interface ErrorBody {
  error: 1;
  code: string;
  message?: unknown;
  err?: 1;
}

export interface SuccessBody<T = unknown> {
  success: 1;
  code: string;
  data?: T;
  message?: string;
  total?: number;
}

/** Codes that mean "your session is gone": the client signs out and goes to /signin. */
export const SESSION_END_CODES = ['user.tokenExpired', 'user.invalid', 'user.tokenClientException'] as const;
