import { useCallback, useState } from 'react';
import { LIMITS } from '@shared/limits';
import type { CaptchaAnswer } from '@client/api/types';

/** State for a form with a captcha: the answer, whether it is complete, and a way to get a new picture. */
export function useCaptcha() {
  const [answer, setAnswer] = useState<CaptchaAnswer | null>(null);
  const [round, setRound] = useState(0);
  const onChange = useCallback((next: CaptchaAnswer | null) => setAnswer(next), []);
  return {
    answer,
    complete: answer?.response.length === LIMITS.captchaLength,
    /** Every attempt uses the picture up on the server, right or wrong. */
    renew: useCallback(() => setRound((r) => r + 1), []),
    field: { round, onChange },
  };
}
