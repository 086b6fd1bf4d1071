import { useCallback, useState } from 'react';
import { LIMITS } from '@shared/limits';
import { useDescribeError } from '@client/api/describeError';
import type { CaptchaAnswer } from '@client/api/types';
import { placeError, type ErrorPlacement } from './placeError';

/** Where the messages of a failed captcha-protected submission go: the form's fields, and codes about one of them. */
export interface CaptchaPlacement<F extends string> {
  fields: readonly F[];
  fieldOfCode?: Partial<Record<string, F>>;
}

/** How a captcha-protected submission ended; after a failure, its message placed (see `placeError`). */
export type CaptchaResult<T, F extends string> = { ok: true; value: T } | ({ ok: false; error: unknown } & ErrorPlacement<F>);

interface AttemptHooks {
  setBusy: (busy: boolean) => void;
  /** The message shown at the captcha (cleared when an attempt starts). */
  setError: (message: string | undefined) => void;
  renew: () => void;
}

/**
 * One submission with the captcha's answer: nothing without an answer (null); otherwise busy
 * while it runs, and after a failure a new picture (every attempt uses the picture up on the
 * server, right or wrong) and the message placed, the captcha's part shown at the captcha.
 */
export async function attemptWithCaptcha<T, F extends string>(
  answer: CaptchaAnswer | null,
  send: (answer: CaptchaAnswer) => Promise<T>,
  place: (error: unknown) => ErrorPlacement<F>,
  { setBusy, setError, renew }: AttemptHooks,
): Promise<CaptchaResult<T, F> | null> {
  if (!answer) return null;
  setBusy(true);
  setError(undefined);
  try {
    return { ok: true, value: await send(answer) };
  } catch (error) {
    renew();
    const placed = place(error);
    setError(placed.captcha);
    return { ok: false, error, ...placed };
  } finally {
    setBusy(false);
  }
}

/** Whether an answer can be sent: the picture's 4 characters, or a token Turnstile issued. */
export const answerComplete = (answer: CaptchaAnswer | null) =>
  !!answer && (answer.captchaType === 'turnstile' ? answer.response.length > 0 : answer.response.length === LIMITS.captchaLength);

/**
 * State for a form with a captcha: the answer, whether it is complete, a way to get a new
 * picture, and `submit`, which sends with the answer and does the captcha's part of a failure
 * (new picture, busy state, the message at the captcha; `field` carries it to <CaptchaField>).
 */
export function useCaptcha() {
  const describe = useDescribeError();
  const [answer, setAnswer] = useState<CaptchaAnswer | null>(null);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const onChange = useCallback((next: CaptchaAnswer | null) => setAnswer(next), []);
  /** Every attempt uses the picture up on the server, right or wrong. */
  const renew = useCallback(() => setRound((r) => r + 1), []);
  const submit = <T, F extends string>(send: (answer: CaptchaAnswer) => Promise<T>, { fields, fieldOfCode }: CaptchaPlacement<F>) =>
    attemptWithCaptcha(answer, send, (e) => placeError<F>(e, describe(e), fields, fieldOfCode), { setBusy, setError, renew });
  return {
    answer,
    complete: answerComplete(answer),
    renew,
    /** Whether a `submit` is under way. */
    busy,
    /** The message of the last `submit` that is about the captcha. */
    error,
    submit,
    field: { round, onChange, error },
  };
}
