import { useTranslation } from 'react-i18next';
import { ApiError } from '@client/api/ApiError';
import { useDescribeError } from '@client/api/describeError';

/** The webhooks page's own words for its refusals (`webhooks.codes.*`), else the catalogue's. */
export function useDescribeWebhookError() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  return (error: unknown) => {
    if (error instanceof ApiError && /^webhooks?\./.test(error.code)) {
      const key = `webhooks.codes.${error.code.slice(error.code.indexOf('.') + 1)}`;
      const message = typeof error.detail === 'string' ? error.detail : error.issues.map((i) => `${i.param}: ${i.msg}`).join('; ');
      if (i18n.exists(key)) return t(key, { message });
    }
    return describe(error);
  };
}
