import { Fragment } from 'react';
import { DateTime } from '@client/components/DateTime';
import styles from '@client/pages/shared/Admin.module.css';

/** A moment as the server writes it (ISO 8601 with its zone): shown in the reader's language and zone. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const isMoment = (value: unknown): value is string => typeof value === 'string' && MOMENT.test(value) && Number.isFinite(Date.parse(value));

function Value({ value }: { value: unknown }) {
  if (isMoment(value)) return <DateTime value={value} />;
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

/** The detail of a record as `key: value` pairs, dates in the reader's language and zone. */
export function RecordDetail({ detail }: { detail: Record<string, unknown> }) {
  const entries = Object.entries(detail);
  if (!entries.length) return null;
  return (
    <p className={styles.detail}>
      {entries.map(([key, value], i) => (
        <Fragment key={key}>
          {i > 0 && ' · '}
          {key}: <Value value={value} />
        </Fragment>
      ))}
    </p>
  );
}
