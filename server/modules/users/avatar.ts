import crypto from 'node:crypto';
import type { AccountAttr } from '@shared/types/account';

/** A Gravatar-style avatar URL for a user (identicon when the address has none). */
function avatarUrl(seed: string | null | undefined, size = 150): string {
  const hash = crypto.createHash('md5').update((seed ?? '').trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=identicon`;
}

/** The user's avatar: the 150 px size of the image they chose, else a Gravatar-style one. */
export const userAvatarOf = (u: { originEmail: string | null; username: string; attr?: Pick<AccountAttr, 'avatar'> | null }) =>
  u.attr?.avatar ? `/api/service/file?filename=${encodeURIComponent(u.attr.avatar)}&size=avatar` : avatarUrl(u.originEmail ?? u.username);
