import { useParams, useSearchParams } from 'react-router';
import { getPlayer } from '@client/api/cases';
import { useRemote } from '@client/hooks/useRemote';
import { caseKeyOfOuid } from '../ouid';

/** The case an `/player/:ouid/...` address names, loaded. */
export function useCaseOfRoute() {
  const { ouid = '' } = useParams();
  const [params] = useSearchParams();
  const key = caseKeyOfOuid(ouid, params.has('oldUrl'));
  return { key, remote: useRemote(key ? JSON.stringify(key) : null, (signal) => getPlayer(key!, signal)) };
}
