import { useTranslation } from 'react-i18next';
import { useFormat } from '@client/i18n/format';
import { Tooltip } from './Tooltip';

interface DateTimeProps {
  value: string;
  /** "3 days ago" instead of the date and time. */
  relative?: boolean;
}

/** A moment in the viewer's time zone and language, with the UTC time in its tooltip. */
export function DateTime({ value, relative }: DateTimeProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const utc = new Date(value).toISOString().replace('T', ' ').slice(0, 19);
  return (
    <Tooltip tip={t('common.utcTime', { time: utc, local: relative ? format.dateTime(value) : format.relative(value) })}>
      <time dateTime={value}>{relative ? format.relative(value) : format.dateTime(value)}</time>
    </Tooltip>
  );
}
