// @vitest-environment jsdom
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { firstReadsElement, type FirstReads } from '@shared/first-reads';
import type { Announcement } from '@shared/schemas/announcements';
import { firstReadsInPage, forgetOnLeaving } from './firstReads';

const doc = { name: 'conductRules', language: 'en-US', version: 2, title: 'Conduct', content: '<p>a </script><script>alert(1)</script> \u2028 & b</p>' } as Announcement;

function pageWith(body: string) {
  const page = document.implementation.createHTMLDocument('page');
  page.body.innerHTML = body;
  return page;
}

describe('the reads a page was drawn with (client/app/firstReads.ts)', () => {
  it('reads back what the server wrote, whatever the documents hold', () => {
    const reads: FirstReads = { announcements: { 'conductRules:en-US': doc, 'antiCheatRules:en-US': null } };
    const page = pageWith(`<div id="root"></div>${firstReadsElement(reads)}<p>after</p>`);
    expect(firstReadsInPage(page)).toEqual(reads);
    // The block held: the text after it is still a paragraph of the page.
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(page.querySelector('p')?.textContent).toBe('after');
  });

  it('is empty without a block, or with one that does not parse as an object', () => {
    expect(firstReadsInPage(pageWith('<div id="root"></div>'))).toEqual({});
    expect(firstReadsInPage(pageWith('<script type="application/json" id="first-reads">{nope</script>'))).toEqual({});
    expect(firstReadsInPage(pageWith('<script type="application/json" id="first-reads">[1]</script>'))).toEqual({});
  });

  it('forgets them once the reader leaves the screen they were read for, not before', async () => {
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/announcement/conductRules'] });
    const reads: FirstReads = { announcements: { 'conductRules:en-US': doc } };
    forgetOnLeaving(reads, router);
    await router.navigate('/announcement/conductRules?lang=en-US');
    expect(reads.announcements).toBeDefined();
    await router.navigate('/about');
    expect(reads).toEqual({});
    router.dispose();
  });
});
