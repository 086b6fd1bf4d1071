import { describe, expect, it } from 'vitest';
import { ownFileUrl } from './files';

const here = 'http://127.0.0.1:4000';

describe('ownFileUrl', () => {
  it.each([
    ['/api/service/file?filename=2026-01-01_a.zip', '2026-01-01_a.zip'],
    ['http://127.0.0.1:4000/api/service/file?filename=2026-01-01_a.zip', '2026-01-01_a.zip'],
    // Stored on PUBLIC_URL while the page was opened at another address: fetched from this origin.
    ['https://tribunal.example/api/service/file?filename=2026-01-01_a.zip', '2026-01-01_a.zip'],
  ])('%s is our file %s, fetched from the page’s origin', (href, name) => {
    const url = ownFileUrl(href, here)!;
    expect(url.origin).toBe(here);
    expect(url.searchParams.get('filename')).toBe(name);
  });

  it.each(['https://drive.example/share/abc', '/api/service/file', '/api/service/other?filename=x', 'not a url at all:'])('%s is not', (href) => {
    expect(ownFileUrl(href, here)).toBeNull();
  });
});
