import crypto from 'node:crypto';

/** A Gravatar-style avatar URL for a user (identicon when the address has none). */
function avatarUrl(seed: string | null | undefined, size = 150): string {
  const hash = crypto.createHash('md5').update((seed ?? '').trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=identicon`;
}

export const userAvatarOf = (u: { originEmail: string | null; username: string }) => avatarUrl(u.originEmail ?? u.username);
