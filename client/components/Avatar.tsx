import { useState } from 'react';
import styles from './Avatar.module.css';

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
  square?: boolean;
}

/** A stable hue per name, so a user keeps the same colour everywhere. */
function hueOf(name: string) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** The user's picture; when it cannot load (e.g. offline), the initial of the name on a colour. */
/** Our own files come as links on PUBLIC_URL: they are shown from the address this page was opened at. */
export function onThisSite(src: string): string {
  try {
    const url = new URL(src, 'http://this.site');
    return url.pathname === '/api/service/file' ? `${url.pathname}${url.search}` : src;
  } catch {
    return src;
  }
}

export function Avatar({ name, src: given, size = 32, square }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = given ? onThisSite(given) : null;
  const showImage = !!src && failedSrc !== src;
  const initial = [...name.trim()][0] ?? '?';
  return (
    <span
      className={[styles.avatar, square && styles.square].filter(Boolean).join(' ')}
      // One perceived lightness for every hue (OKLCH): the white initial stays above 4.5:1 on each.
      style={{ width: size, height: size, fontSize: size * 0.42, ['--avatar-bg' as string]: `oklch(48% 0.12 ${hueOf(name)})` }}
      // The initial is drawn by the style sheet, as a picture: text here would join the visible label of
      // the control the avatar sits in (the account menu's button says the name, not "A alice": WCAG 2.5.3).
      data-initial={showImage ? undefined : initial}
      aria-hidden
    >
      {showImage && <img src={src} alt="" loading="lazy" onError={() => setFailedSrc(src)} />}
    </span>
  );
}
