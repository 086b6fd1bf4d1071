import { isContractedType, isContractedValue } from './contracted';
import { EMOTE_REF } from './emotes';

/**
 * The one HTML allowlist for everything users write (docs/architecture.md#where-each-rule-lives). The server's
 * sanitiser (server/http/sanitize.ts), the editor's paste cleaner (client/editor/cleanHtml.ts) and
 * the renderer (client/richText/RichText.tsx) all derive from this module, so what one keeps the
 * others keep. Plain data and pure functions: no parser here.
 */

export const ALLOWED_TAGS: readonly string[] = ['a', 'b', 'br', 'div', 'hr', 'i', 'img', 'li', 'ol', 'ul', 'p', 'span', 'strong', 'em', 'u', 'video', 'blockquote', 'code', 'pre'];

/** Elements dropped together with their content (never shown as text). */
export const DROPPED_WITH_CONTENT: readonly string[] = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'head', 'title', 'textarea', 'select', 'option'];

/** Span data attributes: contracted syntax (`{type:value}`) and emotes (`group|name`). */
export const CS_TYPE_ATTR = 'data-cs-type';
export const CS_VALUE_ATTR = 'data-cs-value';
export const EMOTE_ATTR = 'data-emote';

/** The attributes users may set, per tag; every other attribute (on*, style, class, id, …) goes. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  video: ['src', 'poster'],
  span: [CS_TYPE_ATTR, CS_VALUE_ATTR, EMOTE_ATTR],
};

/** Schemes (without the colon) of links, and of image and video sources. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'ftp'];
export const MEDIA_SCHEMES: readonly string[] = ['http', 'https'];

/** The address attributes and the schemes each accepts: absolute addresses only. */
export const URL_ATTRIBUTES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  a: { href: LINK_SCHEMES },
  img: { src: MEDIA_SCHEMES },
  video: { src: MEDIA_SCHEMES, poster: MEDIA_SCHEMES },
};

/** Set on every kept link: it opens in a new tab that gets neither this page nor a referrer. */
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer nofollow';

function hasScheme(value: string | null | undefined, schemes: readonly string[]): value is string {
  if (!value) return false;
  try {
    return schemes.includes(new URL(value).protocol.slice(0, -1));
  } catch {
    return false;
  }
}

/** A link target users may set: absolute, with an allowed scheme. */
export const safeHref = (href: string | null | undefined) => (hasScheme(href, LINK_SCHEMES) ? href : null);

/** An image or video source: absolute http(s) only. */
export const safeMediaSrc = (src: string | null | undefined) => (hasScheme(src, MEDIA_SCHEMES) ? src : null);

export type Attributes = Record<string, string>;

/** The span data attributes, kept only when well formed (the renderer decides what they show). */
function spanData(attrs: Attributes): Attributes {
  const out: Attributes = {};
  const type = attrs[CS_TYPE_ATTR];
  const value = attrs[CS_VALUE_ATTR];
  if (type !== undefined && value !== undefined && isContractedType(type) && isContractedValue(type, value)) {
    out[CS_TYPE_ATTR] = type;
    out[CS_VALUE_ATTR] = value;
  }
  const emote = attrs[EMOTE_ATTR];
  if (emote !== undefined && EMOTE_REF.test(emote)) out[EMOTE_ATTR] = emote;
  return out;
}

/** The attributes of a `tag` that survive: allowed ones, with safe addresses. */
export function keptAttributes(tag: string, attrs: Attributes): Attributes {
  if (tag === 'span') return spanData(attrs);
  const out: Attributes = {};
  for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = attrs[name];
    if (value === undefined) continue;
    const schemes = URL_ATTRIBUTES[tag]?.[name];
    if (schemes && !hasScheme(value, schemes)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * What becomes of one element: kept with the given attributes, unwrapped (its content stays
 * without it), or dropped with its content.
 */
export type ElementFate = { action: 'keep'; attrs: Attributes } | { action: 'unwrap' } | { action: 'drop' };

export function elementFate(tagName: string, attrs: Attributes): ElementFate {
  const tag = tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.includes(tag)) return { action: 'drop' };
  if (!ALLOWED_TAGS.includes(tag)) return { action: 'unwrap' };
  const kept = keptAttributes(tag, attrs);
  // A link without a safe address is just its text; a picture without one is nothing.
  if (tag === 'a') return kept.href ? { action: 'keep', attrs: { ...kept, target: LINK_TARGET, rel: LINK_REL } } : { action: 'unwrap' };
  if (tag === 'img' || tag === 'video') return kept.src ? { action: 'keep', attrs: kept } : { action: 'drop' };
  // A span means something only through its data attributes (editors use bare ones for styling).
  if (tag === 'span' && Object.keys(kept).length === 0) return { action: 'unwrap' };
  return { action: 'keep', attrs: kept };
}
