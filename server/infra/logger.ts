import pino from 'pino';

export type Logger = pino.Logger;

/** Field names whose values are secrets wherever they appear: bodies, queries, log objects. */
export const SECRET_FIELDS = ['password', 'newpassword', 'oldpassword', 'token', 'code', 'captcha', 'encryptCaptcha', 'response', 'secret', 'passwordHash', 'hash'];

const CENSOR = '[redacted]';

const isSecretField = (key: string) => SECRET_FIELDS.some((f) => f.toLowerCase() === key.toLowerCase());

/** A request URL with the values of secret query parameters (`?code=…` of the verification links) censored. */
export function censorUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (isSecretField(key)) {
      params.set(key, CENSOR);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * For pino-http's `serializers.req` (it hands over its already serialised request): the URL and the
 * parsed query with secret values censored — the verification links carry their code in the query.
 */
export function serializeRequest(req: { url?: string; query?: Record<string, unknown>; [k: string]: unknown }) {
  const query = req.query && Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, isSecretField(k) ? CENSOR : v]));
  return { ...req, ...(req.url ? { url: censorUrl(req.url) } : {}), ...(query ? { query } : {}) };
}

export interface LoggerOptions {
  /** Append to this file instead of writing to standard output (LOG_FILE). */
  file?: string;
}

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const destination = options.file ? pino.destination({ dest: options.file, append: true, mkdir: true, sync: true }) : undefined;
  return pino(
    {
      name: 'tribunal',
      level,
      redact: {
        paths: ['req.headers["x-access-token"]', 'req.headers.cookie', 'req.headers.authorization', ...SECRET_FIELDS.map((f) => `*.${f}`)],
        censor: CENSOR,
      },
    },
    destination,
  );
}
