import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@client/state/session';
import { ReportsOfUser } from '@client/pages/space/ReportsOfUser';
import { SectionHeader } from '../SectionHeader';

/** /profile/reports — the cases I reported. */
export function MyReportsPage() {
  const { t } = useTranslation();
  const { userinfo } = useViewer();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  if (!userinfo) return null;
  return (
    <>
      <SectionHeader title={t('profile.section.reports')} description={t('profile.reportsDescription')} />
      <ReportsOfUser userId={userinfo.userId} page={page} pageTo={(p) => (p > 1 ? `?page=${p}` : '.')} own />
      <p>
        <Link to={`/space/${userinfo.userId}`}>{t('profile.seeSpace')}</Link>
      </p>
    </>
  );
}
