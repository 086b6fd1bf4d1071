import { FALLBACK_LANGUAGE, pickLanguage, type LanguageCode } from '@shared/languages';

/** The tags of an `Accept-Language` header, most wanted first (`q=0` and `*` left out). */
function acceptedTags(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((t) => t.tag);
}

/**
 * The language a public answer is written in: the one asked for (a `lang` query, matched as
 * `pickLanguage` matches), else the first of the `Accept-Language` header's that we have, else en-US.
 */
export function readerLanguage(asked: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  if (asked) return pickLanguage(asked);
  for (const tag of acceptedTags(acceptLanguage ?? '')) {
    const picked = pickLanguage(tag);
    if (picked !== FALLBACK_LANGUAGE || tag.toLowerCase().startsWith('en')) return picked;
  }
  return FALLBACK_LANGUAGE;
}
