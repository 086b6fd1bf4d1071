import { useTranslation } from 'react-i18next';
import { ApiError } from '@client/api/ApiError';
import { describeError } from '@client/api/describeError';

/**
 * Messages for the failures of judging and appealing: the codes of shared/errors.ts these screens meet are
 * translated under `judgement.codes.` and `appeal.codes.`; anything else goes to the app's
 * catalogue (`codes.`).
 */
export function describeCaseError(i18n: Parameters<typeof describeError>[0], error: unknown, areas: readonly string[] = ['appeal', 'judgement']): string {
  if (error instanceof ApiError) {
    const message = typeof error.detail === 'string' ? error.detail : '';
    for (const area of areas) {
      const key = `${area}.codes.${error.code}`;
      if (i18n.exists(key)) return i18n.t(key, { message });
    }
  }
  return describeError(i18n, error);
}

export function useDescribeAppealError() {
  const { i18n } = useTranslation();
  return (error: unknown) => describeCaseError(i18n, error, ['appeal', 'judgement']);
}

export function useDescribeJudgementError() {
  const { i18n } = useTranslation();
  return (error: unknown) => describeCaseError(i18n, error, ['judgement', 'appeal']);
}
