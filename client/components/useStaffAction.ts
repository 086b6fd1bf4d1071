import { useState } from 'react';
import { toast } from './toast';
import { useShowError } from './useShowError';

/**
 * A staff decision on an item of a review queue: `busy` while it runs, a toast saying what was done
 * and the list read again when it worked, the error shown when it did not. `run` answers whether it worked.
 */
export function useStaffAction(reload: () => void) {
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      reload();
      return true;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export type StaffAction = ReturnType<typeof useStaffAction>;
