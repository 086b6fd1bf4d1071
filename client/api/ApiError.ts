/** One entry of a validation failure (`<area>.bad`), express-validator style. */
export interface ValidationIssue {
  param: string;
  msg: string;
}

/** A failed API call: the envelope's code and message, or `network.error` when no answer came. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly detail: unknown,
    readonly status: number,
    /** The request carried no token: a session-end code then means a visitor needs to sign in, not that a session ended. */
    readonly withoutToken = false,
  ) {
    super(typeof detail === 'string' ? `${code}: ${detail}` : code);
    this.name = 'ApiError';
  }

  /** The per-field issues of a validation failure; empty for any other failure. */
  get issues(): ValidationIssue[] {
    if (!Array.isArray(this.detail)) return [];
    return this.detail.filter(
      (i): i is ValidationIssue => !!i && typeof i === 'object' && typeof i.param === 'string' && typeof i.msg === 'string',
    );
  }
}
