import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { follow, isFollowing, unfollow } from '@client/api/subscriptions';
import { Button } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { toast } from '@client/components/toast';
import { useShowError } from '@client/components/useShowError';

/** Follow or stop following a case (signed-in users; followers hear of status changes). */
export function FollowButton({ caseId }: { caseId: number }) {
  const { t } = useTranslation();
  const showError = useShowError();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    isFollowing(caseId).then(
      (value) => live && setFollowing(value),
      () => live && setFollowing(false),
    );
    return () => {
      live = false;
    };
  }, [caseId]);

  const toggle = async () => {
    setBusy(true);
    try {
      await (following ? unfollow(caseId) : follow(caseId));
      toast.success(following ? t('case.unfollowed') : t('case.followed'));
      setFollowing(!following);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant={following ? 'secondary' : 'primary'} aria-pressed={!!following} loading={busy || following === null} onClick={() => void toggle()}>
      <Icon name="bookmark" size={16} />
      {following ? t('case.following') : t('case.follow')}
    </Button>
  );
}
