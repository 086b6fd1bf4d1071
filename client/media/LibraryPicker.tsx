import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { MediaFilter } from './MediaFilter';
import { isFiltered } from './mediaParams';
import { useFileLabel } from './useFileLabel';
import type { LibraryChoices } from './useLibraryChoices';
import styles from './UploadWidget.module.css';

/** The widget's "my media" source: a filter and the files to pick, one click each. */
export function LibraryPicker({ library, avatar, onPick }: { library: LibraryChoices; avatar: boolean; onPick: (file: MediaFile) => void }) {
  const { t } = useTranslation();
  const label = useFileLabel();
  const { filter, setFilter, loaded, choices } = library;
  return (
    <div className={styles.picker}>
      <MediaFilter value={filter} onChange={setFilter} kinds={avatar ? ['image'] : ['image', 'video']} />
      {!loaded ? (
        <p>{t('common.loading')}</p>
      ) : !choices.length && isFiltered(filter) ? (
        <p role="status">
          {t('media.filter.noMatch')}{' '}
          <Button size="sm" variant="ghost" onClick={() => setFilter({ name: '', kind: '' })}>
            {t('media.filter.clear')}
          </Button>
        </p>
      ) : !choices.length ? (
        <p>{t('media.emptyText')}</p>
      ) : (
        <ul className={styles.library}>
          {choices.map((f) => (
            <li key={f.filename}>
              <button type="button" className={styles.pickItem} onClick={() => onPick(f)} aria-label={t('widget.pick', { name: label(f) })} title={label(f)}>
                <span className={styles.pickThumb}>{f.thumbnailURL ? <img src={f.thumbnailURL} alt="" /> : <Icon name="external" size={24} />}</span>
                <span className={styles.pickName} aria-hidden="true">
                  {label(f)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
