import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@server/http/sanitize';
import { cleanRichText, isPlainMarkup } from './clean-html';

/** A seeded generator (the same strings every run). */
function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(a: readonly T[]) => a[Math.floor(next() * a.length)]! };
}

const PIECES = [
  'aim', ' ', 'wall', '中文', 'ünï', '"q"', "'s'", '=', '/', '{floor:12}', '\n', '\t', '😀', '\u2028', '\ufeff', '\u00a0', '\u200b', '\u0001', '\r', '\u0000',
  '&amp;', '&', '&nbsp;', '<', '>', '<br>', '<br />', '<img src="x">', '<a href="https://x">', '</a>', '<P>', '<div>', '</div>', '<h1>', '</h1>', '<ul>', '<li>', '</li>', '</ul>',
  '<span>', '</span>', '<s>', '</s>', '<script>', '</script>', '<!-- c -->',
];
const INLINE = ['strong', 'em', 'b', 'i', 'u', 'code'];

/** Paragraphs of text and inline tags (what the fast path takes), sometimes broken on purpose. */
function sample(r: ReturnType<typeof seeded>): string {
  const text = () => Array.from({ length: 1 + Math.floor(r.next() * 4) }, () => r.pick(PIECES.slice(0, r.next() < 0.7 ? 14 : PIECES.length))).join('');
  const inline = (depth: number): string => {
    if (depth > 2 || r.next() < 0.5) return text();
    const tag = r.pick(INLINE);
    const inner = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => inline(depth + 1)).join('');
    return r.next() < 0.9 ? `<${tag}>${inner}</${tag}>` : `<${tag}>${inner}`;
  };
  const paragraphs = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => (r.next() < 0.85 ? `<p>${inline(0)}</p>` : inline(0)));
  return paragraphs.join(r.next() < 0.8 ? '' : r.pick(PIECES));
}

describe('rich text of imported entries', () => {
  it('gives exactly what the sanitiser gives, for paragraphs, inline tags, entities, markup it changes and broken nesting', () => {
    const r = seeded(53);
    let plain = 0;
    for (let i = 0; i < 4_000; i++) {
      const html = sample(r);
      if (isPlainMarkup(html)) plain++;
      expect(cleanRichText(html), JSON.stringify(html)).toBe(sanitizeRichText(html));
    }
    // The fast path is taken often enough to matter, and not always.
    expect(plain).toBeGreaterThan(800);
    expect(plain).toBeLessThan(3_600);
  });

  it('takes the fast path only for markup the sanitiser keeps as it is', () => {
    expect(isPlainMarkup('<p>see {floor:12} "here"</p><p>and <strong>here <em>too</em></strong></p>')).toBe(true);
    expect(isPlainMarkup('plain words')).toBe(true);
    for (const html of ['<p>a &amp; b</p>', '<p>a<br>b</p>', '<p class="x">a</p>', '<p><strong>a</p></strong>', '<p>a', '<strong>a</strong>', '<p><p>a</p></p>', '<P>a</P>', '<p>a\r\nb</p>', '<p><s>a</s></p>']) {
      expect(isPlainMarkup(html), html).toBe(false);
    }
  });
});
