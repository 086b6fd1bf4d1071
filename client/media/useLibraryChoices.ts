import { useState } from 'react';
import { getMyFiles } from '@client/api/media';
import { useRemote } from '@client/hooks/useRemote';
import type { MediaFilterValue } from './MediaFilter';
import { mediaQueryOf } from './mediaParams';

/**
 * My ready files the widget may offer, filtered; read while `active` (the library tab shown).
 * Kept by the widget, so the filter and the list stay when another tab is looked at.
 */
export function useLibraryChoices(active: boolean, avatar: boolean) {
  const [filter, setFilter] = useState<MediaFilterValue>({ name: '', kind: '' });
  // An avatar is an image; anything else may also be a video (archives are never offered).
  const query = { ...mediaQueryOf(filter), ...(avatar ? { kind: 'image' as const } : {}) };
  const library = useRemote(active ? `library:${query.name ?? ''}:${query.kind ?? ''}` : null, (signal) => getMyFiles(0, query, signal));
  const choices = (library.data?.data ?? []).filter((f) => f.state === 'ready' && (f.kind === 'image' || (!avatar && f.kind === 'video')));
  return { filter, setFilter, loaded: !!library.data, choices };
}

export type LibraryChoices = ReturnType<typeof useLibraryChoices>;
