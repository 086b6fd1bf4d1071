import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { announcements } from './announce';

/**
 * The one polite live region for events heard while a page is open (a new timeline entry, a vote):
 * out of sight and always on the page, so screen readers watch it from the start; each message is
 * added as an element of its own. Mounted once by the layout; messages go through `announce()`.
 */
export function LiveAnnouncer() {
  const { t } = useTranslation();
  const { items } = useSnapshot(announcements);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-relevant="additions" aria-label={t('common.liveUpdates')} data-testid="live-announcer">
      {items.map((item) => (
        <p key={item.id}>{item.text}</p>
      ))}
    </div>
  );
}
