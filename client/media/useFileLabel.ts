import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { useFormat } from '@client/i18n/format';

/** What a file is called on screen: its own name, or (uploads that sent none) its kind and day. */
export function useFileLabel() {
  const { t } = useTranslation();
  const format = useFormat();
  return (file: Pick<MediaFile, 'originalName' | 'kind' | 'createTime'>) =>
    file.originalName ?? t('media.unnamed', { kind: t(`media.kind.${file.kind}`), date: format.date(file.createTime) });
}
