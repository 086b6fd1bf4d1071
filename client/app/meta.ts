import type { i18n as I18n } from 'i18next';

interface PageMeta {
  title: string;
  description: string;
  keywords: string;
}

/**
 * Title, description and keywords of a page, from `meta.<page>.*` (with the page's own values,
 * such as a player's name), the product's keywords first; a page without its own description or
 * keywords has the product's.
 */
export function pageMeta(i18n: Pick<I18n, 't' | 'exists'>, page: string, values: Record<string, string> = {}): PageMeta {
  const t = i18n.t.bind(i18n);
  const product = t('app.name');
  const title = t(`meta.${page}.title`, values);
  const keywordsKey = `meta.${page}.keywords`;
  // An empty defaultValue would not do: with `returnEmptyString: false` (client/i18n/options.ts) i18next answers the key itself.
  const ownKeywords = i18n.exists(keywordsKey) ? t(keywordsKey, values) : '';
  return {
    title: page === 'home' ? `${product} · ${title}` : `${title} · ${product}`,
    description: t(`meta.${page}.description`, { ...values, defaultValue: t('app.description') }),
    keywords: [t('app.keywords'), ownKeywords].filter(Boolean).join(', '),
  };
}

function setMetaTag(name: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  tag.content = content;
}

export function applyPageMeta(meta: PageMeta) {
  document.title = meta.title;
  setMetaTag('description', meta.description);
  setMetaTag('keywords', meta.keywords);
}
