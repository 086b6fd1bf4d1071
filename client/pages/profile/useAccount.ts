import { useCallback, useEffect, useState } from 'react';
import { refreshMe, useViewer } from '@client/state/session';

/** The signed-in account for the profile pages, loading it if the start-up fetch has not landed. */
export function useAccount() {
  const { me } = useViewer();
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    setError(null);
    refreshMe().catch(setError);
  }, []);
  const missing = !me;
  useEffect(() => {
    if (missing) load();
  }, [missing, load]);
  return { me, error, retry: load };
}
