/** The text of user HTML on one line, for previews and snippets. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<(br|hr|\/p|\/div|\/li)\b[^>]*>/gi, ' $&'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
