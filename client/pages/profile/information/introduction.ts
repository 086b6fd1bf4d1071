/**
 * The introduction is stored as sanitised rich-text HTML (the rich editor comes later); here it
 * is edited as plain text, one paragraph per line.
 */
export function introductionToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of doc.body.querySelectorAll('br')) br.replaceWith('\n');
  const blocks = [...doc.body.querySelectorAll('p, div, li, h1, h2, h3, h4, blockquote')].filter((el) => !el.querySelector('p, div, li'));
  const text = blocks.length ? blocks.map((el) => el.textContent ?? '').join('\n') : (doc.body.textContent ?? '');
  return text.trim();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function textToIntroduction(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
