import { useTranslation } from 'react-i18next';
import { ApiError } from '@client/api/ApiError';
import { useDescribeError } from '@client/api/describeError';

/** The chat's own words for its refusals (`messages.codes.*`), else the catalogue's. */
export function useDescribeMessageError() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  return (error: unknown) => {
    if (error instanceof ApiError && error.code.startsWith('message.')) {
      const key = `messages.codes.${error.code.slice('message.'.length)}`;
      if (i18n.exists(key)) return t(key, { message: typeof error.detail === 'string' ? error.detail : '' });
    }
    return describe(error);
  };
}
