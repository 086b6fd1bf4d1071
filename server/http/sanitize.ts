import sanitizeHtml from 'sanitize-html';

/** The one HTML whitelist for everything users write (reference §2, DESIGN §6). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['a', 'b', 'br', 'div', 'hr', 'i', 'img', 'li', 'ol', 'ul', 'p', 'span', 'strong', 'em', 'u', 'video', 'blockquote', 'code', 'pre'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    video: ['src', 'controls', 'poster'],
    span: ['data-cs-type', 'data-cs-value', 'data-emote'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'ftp'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS);
