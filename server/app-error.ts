import { ERROR_STATUS, type ErrorCode } from '@shared/errors';

/** A failure with a catalogue code; the error middleware turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: unknown,
    status?: number,
  ) {
    super(typeof message === 'string' ? message : code);
    this.status = status ?? ERROR_STATUS[code];
    this.detail = message;
  }
  readonly detail: unknown;
}

export const fail = (code: ErrorCode, message?: unknown, status?: number): never => {
  throw new AppError(code, message, status);
};
