import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { AccountAttr } from '@shared/types/account';

/** Gravatar URLs already worked out, by seed: a timeline page names the same few authors over and over. */
const gravatars = new LRUCache<string, string>({ max: 10_000 });

/** A Gravatar-style avatar URL for a user, 150 px (identicon when the address has none). */
function avatarUrl(seed: string): string {
  let url = gravatars.get(seed);
  if (url === undefined) {
    const hash = crypto.createHash('md5').update(seed.trim().toLowerCase()).digest('hex');
    gravatars.set(seed, (url = `https://www.gravatar.com/avatar/${hash}?s=150&d=identicon`));
  }
  return url;
}

/**
 * The site's public address, for absolute links to its own files. API clients (the mobile app, bots)
 * show `userAvatar` as it comes, like the Gravatar URLs they always got, so it cannot be relative.
 * Set once at start-up from PUBLIC_URL (one process serves one site).
 */
let publicBase = '';
export function setAvatarBase(publicUrl: string) {
  publicBase = publicUrl.replace(/\/$/, '');
}

/** The user's avatar: the 150 px size of the image they chose, else a Gravatar-style one. */
export const userAvatarOf = (u: { originEmail: string | null; username: string; attr?: Pick<AccountAttr, 'avatar'> | null }) =>
  u.attr?.avatar ? `${publicBase}/api/service/file?filename=${encodeURIComponent(u.attr.avatar)}&size=avatar` : avatarUrl(u.originEmail ?? u.username);
