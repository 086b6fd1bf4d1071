import type { ReactNode } from 'react';
import { useDescribeError } from '@client/api/describeError';
import { useOneShot } from '@client/hooks/useOneShot';
import { ResultPanel } from './ResultPanel';

interface MailedCodeCheckProps<T> {
  /** The code from the mailed link. */
  code: string;
  /** Confirms the code: sent once, since a mailed code works once. */
  verify: (code: string) => Promise<T>;
  /** The title while it is checked. */
  checking: string;
  done: (value: T) => ReactNode;
  /** The refusal, said in the user's words. */
  failed: (message: string) => ReactNode;
}

/** The step a mailed link opens: the code is checked once, with a spinner, then what it did or why it was refused. */
export function MailedCodeCheck<T>({ code, verify, checking, done, failed }: MailedCodeCheckProps<T>) {
  const describe = useDescribeError();
  const result = useOneShot(code, verify);
  if (result.state === 'pending') return <ResultPanel tone="pending" title={checking} />;
  if (result.state === 'done') return done(result.value);
  return failed(describe(result.error));
}
