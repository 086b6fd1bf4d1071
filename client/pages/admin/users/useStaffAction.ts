import { useState } from 'react';
import { useDescribeError } from '@client/api/describeError';
import { toast } from '@client/components/toast';

/** One change to an account at a time: busy while it runs, then a toast of how it went; the account is read again after a success. */
export function useStaffAction(onChanged: () => void) {
  const describe = useDescribeError();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

export type StaffAction = ReturnType<typeof useStaffAction>;
