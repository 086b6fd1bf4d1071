import { elementFate } from '@shared/html-allowlist';

const DOUBLED: Record<string, string> = { b: 'strong', i: 'em' };

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));

function clean(node: Node, doc: Document): Node[] {
  if (node.nodeType === Node.TEXT_NODE) return [doc.createTextNode(node.textContent ?? '')];
  if (!(node instanceof Element)) return [];
  const tag = node.tagName.toLowerCase();
  // The shared allowlist decides; the editor's classes, styles and styling spans all go.
  const fate = elementFate(tag, attributesOf(node));
  if (fate.action === 'drop') return [];
  const children = [...node.childNodes].flatMap((child) => clean(child, doc));
  if (fate.action === 'unwrap') return children;
  // Lexical writes bold as <b><strong> and italic as <i><em>: one of each is enough.
  if (DOUBLED[tag] && children.length === 1 && (children[0] as Element).tagName?.toLowerCase() === DOUBLED[tag]) return children;
  const out = doc.createElement(tag);
  for (const [name, value] of Object.entries(fate.attrs)) out.setAttribute(name, value);
  out.append(...children);
  return [out];
}

/** Nothing a reader would see: no text, no image, no rule. */
const isBlank = (root: Element) => !root.textContent?.trim() && !root.querySelector('img, hr, video');

/**
 * The editor's HTML reduced to what the server keeps (shared/html-allowlist.ts): allowed tags
 * only, links and images with safe addresses, no classes or styles. An empty editor gives ''.
 */
export function cleanHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (isBlank(doc.body)) return '';
  const out = doc.createElement('div');
  out.append(...[...doc.body.childNodes].flatMap((child) => clean(child, doc)));
  return out.innerHTML;
}
