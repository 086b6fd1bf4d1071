import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCREENS } from '@shared/screens';
import { Card } from '@client/components/Card';

/** For the player the case is about: a short word and the way to the explainer page. */
export function ListedNotice() {
  const { t } = useTranslation();
  return (
    <Card title={t('case.listedBox.title')} id="listed-here">
      <p>{t('case.listedBox.text')}</p>
      <Link to={SCREENS.listed}>{t('case.listedBox.link')}</Link>
    </Card>
  );
}
