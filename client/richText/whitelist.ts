/**
 * The HTML users may write, as the server keeps it (server/http/sanitize.ts): the editor's output
 * is cleaned to this list before it is sent, and timelines render nothing outside it.
 */
export const ALLOWED_TAGS = new Set(['a', 'b', 'br', 'div', 'hr', 'i', 'img', 'li', 'ol', 'ul', 'p', 'span', 'strong', 'em', 'u', 'video', 'blockquote', 'code', 'pre']);

/** Elements whose content is dropped with them, not kept as text. */
export const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'head', 'title', 'textarea', 'select']);

const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'ftp:'];
const MEDIA_SCHEMES = ['http:', 'https:'];

function hasScheme(value: string | null, schemes: string[]): value is string {
  if (!value) return false;
  try {
    return schemes.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A link target users may set: absolute, with a scheme the server allows. */
export const safeHref = (href: string | null) => (hasScheme(href, LINK_SCHEMES) ? href : null);

/** An image or video source: absolute http(s) only. */
export const safeMediaSrc = (src: string | null) => (hasScheme(src, MEDIA_SCHEMES) ? src : null);
