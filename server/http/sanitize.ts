import sanitizeHtml from 'sanitize-html';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, DROPPED_WITH_CONTENT, LINK_SCHEMES, MEDIA_SCHEMES, elementFate } from '@shared/html-allowlist';

/**
 * sanitize-html configured from the shared allowlist (shared/html-allowlist.ts): every element
 * goes through `elementFate`, the same rule the editor's cleaner and the renderer apply (its
 * attributes filtered on the way in, then kept, unwrapped or dropped with its content on the way
 * out); the library's own lists are the second line.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: { ...Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])), a: [...ALLOWED_ATTRIBUTES.a!, 'target', 'rel'] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...MEDIA_SCHEMES], video: [...MEDIA_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  allowProtocolRelative: false,
  nonTextTags: [...DROPPED_WITH_CONTENT],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      const fate = elementFate(tagName, attribs);
      return { tagName, attribs: fate.action === 'keep' ? fate.attrs : {} };
    },
  },
  exclusiveFilter: (frame) => {
    const fate = elementFate(frame.tag, frame.attribs);
    return fate.action === 'drop' ? true : fate.action === 'unwrap' ? 'excludeTag' : false;
  },
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS);
