import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaFile } from '@shared/types/files';
import { LIMITS } from '@shared/limits';
import { TextField } from '@client/components/Field';
import { Segmented } from '@client/components/Segmented';
import { useDebounced } from '@client/hooks/useDebounced';
import styles from './MediaFilter.module.css';

export type MediaKind = MediaFile['kind'];

/** The library's filter: text the file's own name contains, and one kind ('' for every kind). */
export interface MediaFilterValue {
  name: string;
  kind: MediaKind | '';
}

/** The list follows the name box this long after the last keystroke (at once on Enter). */
export const TYPING_MS = 300;

interface MediaFilterProps {
  value: MediaFilterValue;
  onChange: (value: MediaFilterValue) => void;
  /** The kinds to choose from; with fewer than two there is no choice to show. */
  kinds: readonly MediaKind[];
}

/** A search box for the file's name and a choice of type, for the media library and the widget's picker. */
export function MediaFilter({ value, onChange, kinds }: MediaFilterProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(value.name);
  const settled = useDebounced(typed, TYPING_MS);
  // The name this box last handed on: a different `value.name` came from elsewhere (back, clearing) and refills the box.
  const sent = useRef(value.name);
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    if (value.name === sent.current) return;
    sent.current = value.name;
    setTyped(value.name);
  }, [value.name]);
  const send = (next: MediaFilterValue) => {
    sent.current = next.name;
    latest.current.onChange(next);
  };
  useEffect(() => {
    if (settled !== sent.current) send({ ...latest.current.value, name: settled });
  }, [settled]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The editor's form may hold the widget: this submit is not that form's.
    e.stopPropagation();
    if (typed !== sent.current) send({ ...value, name: typed });
  };
  return (
    <form role="search" aria-label={t('media.filter.label')} className={styles.filter} onSubmit={submit}>
      <div className={styles.name}>
        <TextField
          label={t('media.filter.name')}
          type="search"
          name="name"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={LIMITS.fileNameMax}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      {kinds.length > 1 && (
        <Segmented<MediaKind | ''>
          label={t('media.filter.kind')}
          value={value.kind}
          options={[{ value: '', label: t('media.filter.all') }, ...kinds.map((k) => ({ value: k, label: t(`media.filter.kinds.${k}`) }))]}
          onChange={(kind) => send({ ...value, name: typed, kind })}
        />
      )}
    </form>
  );
}
