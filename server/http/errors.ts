import { AppError } from '@server/app-error';

/**
 * A failure thrown by the body reader or other middleware before a route ran, as a catalogue
 * failure; null when it is not a client's fault (then it is the server's: 500).
 */
export function clientErrorOf(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number; expose?: boolean; message?: string } | null;
  if (!e || typeof e !== 'object') return null;
  if (e.type === 'entity.parse.failed') return new AppError('request.badJson', 'the body is not valid JSON');
  if (e.type === 'entity.too.large') return new AppError('request.tooLarge');
  if (typeof e.status !== 'number' || e.status < 400 || e.status >= 500) return null;
  const detail = e.expose && typeof e.message === 'string' ? e.message : undefined;
  if (e.status === 415) return new AppError('request.unsupportedType', detail);
  if (e.status === 404) return new AppError('request.404', detail);
  return new AppError('request.bad', detail);
}
