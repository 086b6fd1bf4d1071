import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_SIZES, type TextSize } from '@shared/languages';
import { preferences, usePreferences } from '@client/state/preferences';
import styles from './TextSizePicker.module.css';

/** The sample letters' size on each option, so the choice shows what it does. */
const SAMPLE_PX: Record<TextSize, number> = { small: 15, default: 18, large: 22, 'x-large': 26 };

export function TextSizePicker() {
  const { t } = useTranslation();
  const { textSize } = usePreferences();
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className="visually-hidden">{t('appearance.textSize')}</legend>
      <div className={styles.options}>
        {TEXT_SIZES.map((size) => (
          <label key={size} className={styles.option}>
            <input type="radio" name={name} value={size} checked={textSize === size} onChange={() => (preferences.textSize = size)} />
            <span className={styles.face}>
              <span className={styles.sample} style={{ fontSize: SAMPLE_PX[size] }} aria-hidden>
                Aa
              </span>
              <span className={styles.name}>{t(`textSizes.${size}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
