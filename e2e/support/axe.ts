import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'puppeteer-core';

/** axe-core's own browser build, read once: the package's public axe.min.js. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 levels A and AA, as axe-core tags its rules. */
export const WCAG21_AA: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

/**
 * Only the rules whose outcome depends on the colours: enough once the other rules ran in one theme.
 * They need none of the style sheets and media axe-core fetches first by default.
 */
export const COLOUR_RULES: RunOptions = {
  runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
  resultTypes: ['violations'],
  preload: false,
};

export interface Finding {
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe-core over the page as it is now and returns the serious and critical violations, one per
 * element. The script goes in through the DevTools protocol, which the site's Content-Security-Policy
 * does not govern, and stays for later runs until the page navigates.
 */
export async function axeFindings(page: Page, options: RunOptions): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate((opts) => (window as unknown as { axe: { run(c: Document, o: unknown): Promise<unknown> } }).axe.run(document, opts), options as never)) as AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => ({
        rule: v.id,
        impact: v.impact!,
        target: n.target.map(String).join(' >> '),
        summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240),
      })),
    );
}
