/**
 * The `Content-Disposition` a raw upload sends to keep its file's own name (RFC 6266 with the
 * RFC 8187 UTF-8 form, which carries any character: the server reads `filename*`).
 */
export function attachmentDisposition(name: string): string {
  // encodeURIComponent leaves ' ( ) * alone, which RFC 8187's attr-char does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}`;
}
