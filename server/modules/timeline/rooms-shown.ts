import { roomOf } from '@shared/socket';

interface ShownEntry {
  byUserId: number | null;
  quote?: { byUserId: number | null };
}

/**
 * The `user:` rooms of the accounts a list of entries presents (authors and quoted authors): an
 * answer kept with them is dropped when one of those accounts changes (name, avatar, badges,
 * privileges, anonymised), and by nothing else about accounts.
 */
export function roomsShownBy(entries: readonly ShownEntry[]): string[] {
  const ids = new Set<number>();
  for (const e of entries) {
    if (e.byUserId !== null) ids.add(e.byUserId);
    if (e.quote?.byUserId != null) ids.add(e.quote.byUserId);
  }
  return [...ids].map((id) => roomOf.user(id));
}
