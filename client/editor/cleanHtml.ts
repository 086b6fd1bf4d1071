import { ALLOWED_TAGS, DROPPED_TAGS, safeHref, safeMediaSrc } from '@client/richText/whitelist';

/** Attributes kept per tag; everything else (class, style, dir, data-*) is editor bookkeeping. */
const KEPT: Record<string, Array<[string, (v: string | null) => string | null]>> = {
  a: [['href', safeHref]],
  img: [['src', safeMediaSrc], ['alt', (v) => v]],
};

const DOUBLED: Record<string, string> = { b: 'strong', i: 'em' };

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (!(node instanceof Element)) return [];
  const tag = node.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return [];
  const children = [...node.childNodes].flatMap((child) => clean(child, doc));
  // Unknown tags, and spans that only carried editor styling, give way to their content.
  if (!ALLOWED_TAGS.has(tag) || tag === 'span') return children;
  // Lexical writes bold as <b><strong> and italic as <i><em>: one of each is enough.
  if (DOUBLED[tag] && children.length === 1 && (children[0] as Element).tagName?.toLowerCase() === DOUBLED[tag]) return children;
  const out = doc.createElement(tag);
  for (const [name, check] of KEPT[tag] ?? []) {
    const value = check(node.getAttribute(name));
    if (value) out.setAttribute(name, value);
  }
  if ((tag === 'a' && !out.hasAttribute('href')) || (tag === 'img' && !out.hasAttribute('src'))) return tag === 'a' ? children : [];
  if (tag === 'a') {
    out.setAttribute('target', '_blank');
    out.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  out.append(...children);
  return [out];
}

/** Nothing a reader would see: no text, no image, no rule. */
const isBlank = (root: Element) => !root.textContent?.trim() && !root.querySelector('img, hr, video');

/**
 * The editor's HTML reduced to what the server keeps (server/http/sanitize.ts): allowed tags
 * only, links and images with safe addresses, no classes or styles. An empty editor gives ''.
 */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (isBlank(doc.body)) return '';
  const out = doc.createElement('div');
  out.append(...[...doc.body.childNodes].flatMap((child) => clean(child, doc)));
  return out.innerHTML;
}
