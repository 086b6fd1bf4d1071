import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@client/components/Icon';
import { useFormat } from '@client/i18n/format';
import { OPEN_CASES_PATH, useOpenCases } from '@client/state/openCases';
import { entryLabel, type MenuEntry } from './menu';
import icon from './HeaderIconLink.module.css';
import styles from './OpenCasesLink.module.css';

/** The accessible name of the open-case count: "12 open cases", or a plain name while unknown. */
function useOpenCasesLabel() {
  const { t } = useTranslation();
  const format = useFormat();
  const count = useOpenCases();
  return { count, label: count === null ? t('openCases.menu') : t('openCases.badge', { count, formatted: format.number(count) }) };
}

const short = (count: number, format: (n: number) => string) => (count > 999 ? '999+' : format(count));

/** Staff only: the header's way to the open cases, with their live count. */
export function OpenCasesLink() {
  const format = useFormat();
  const { count, label } = useOpenCasesLabel();
  return (
    <Link to={OPEN_CASES_PATH} className={icon.link} aria-label={label} title={label} data-open-cases={count ?? ''}>
      <Icon name="scale" size={18} />
      {count !== null && count > 0 && (
        <span className={`${icon.count} ${icon.warning}`} aria-hidden="true">
          {short(count, format.number)}
        </span>
      )}
    </Link>
  );
}

/** The label of a user-menu or drawer entry; the open-cases entry carries its live count. */
export function EntryLabel({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation();
  if (entry.key === 'openCases') return <OpenCasesEntry text={t(entryLabel(entry))} />;
  return <>{t(entryLabel(entry))}</>;
}

function OpenCasesEntry({ text }: { text: string }) {
  const format = useFormat();
  const { count, label } = useOpenCasesLabel();
  return (
    <>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
      {count !== null && (
        <span className={styles.inline} aria-hidden="true" data-open-cases={count}>
          {short(count, format.number)}
        </span>
      )}
    </>
  );
}
