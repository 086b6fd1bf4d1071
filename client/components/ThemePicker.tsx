import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '@shared/languages';
import { preferences, usePreferences } from '@client/state/preferences';
import { Icon } from './Icon';
import styles from './ThemePicker.module.css';

interface ThemePickerProps {
  /** Small round swatches (footer) or preview cards (appearance settings). */
  variant: 'swatches' | 'cards';
}

/** A radio group of the ten themes; each preview is painted with its own theme's tokens. */
export function ThemePicker({ variant }: ThemePickerProps) {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const name = useId();
  return (
    <fieldset className={`${styles.group} ${styles.wrapper}`}>
      <legend className={variant === 'cards' ? 'visually-hidden' : styles.legend}>{t('footer.theme')}</legend>
      <div className={variant === 'cards' ? styles.cards : styles.swatches}>
        {THEMES.map((option) => (
          <label key={option} className={styles.option} title={t(`themes.${option}`)}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={theme === option}
              onChange={() => (preferences.theme = option)}
              aria-label={variant === 'swatches' ? t(`themes.${option}`) : undefined}
            />
            {variant === 'swatches' ? (
              <span className={styles.swatch} data-theme={option} aria-hidden />
            ) : (
              <span className={styles.card}>
                <span className={styles.preview} data-theme={option} aria-hidden>
                  <span className={styles.previewBar} />
                  <span className={styles.previewLine} />
                  <span className={styles.previewLine} />
                  <span className={styles.previewButton} />
                </span>
                <span className={styles.cardName}>
                  {theme === option && <Icon name="check" size={14} />}
                  {t(`themes.${option}`)}
                </span>
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
