/** robots.txt: cases and public lists may be crawled; the API, accounts and staff screens not. */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /admin',
    'Disallow: /report',
    'Disallow: /bindOrigin',
    'Disallow: /player/*/appeal',
    'Disallow: /player/*/share',
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
