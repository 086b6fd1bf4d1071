// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { parseHtmlOnServer } from '@client/firstPaint/parseHtml';
import { browserParse, HtmlParserContext, type ParseHtml } from './htmlParser';
import { RichText } from './RichText';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const render = (html: string, parse: ParseHtml) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <HtmlParserContext value={parse}>
          <RichText html={html} />
        </HtmlParserContext>
      </MemoryRouter>
    </I18nextProvider>,
  );

/** The documents a new site is seeded with, in every language: what the rule pages show first. */
const seededDocuments = fs
  .readdirSync(path.resolve(import.meta.dirname, '../../server/seed/documents'))
  .flatMap((file) => {
    const docs = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../server/seed/documents', file), 'utf8')) as Record<string, { content: string[] }>;
    return Object.entries(docs).map(([name, doc]) => [`${file} ${name}`, doc.content.join('')] as const);
  });

const written: Array<readonly [string, string]> = [
  ['formatting', '<p><b>bold</b> <em>em</em> <u>u</u> <s>s</s></p><ul><li>one</li><li>two <strong>2</strong></li></ul><hr><blockquote><p>q</p></blockquote>'],
  ['headings and code', '<h2>Title</h2><h3>Sub</h3><pre><code>if (a &lt; b &amp;&amp; c) {}</code></pre><p>x <code>y</code></p>'],
  ['links, tokens and dates', '<p>See https://example.com, write to a@b.example, {floor:12} and {user:7} on 2024-05-01.</p><a href="https://example.com/x?y=1&amp;z=2">site</a>'],
  ['media', '<p><img src="/api/file/abc.png" alt="proof"></p><video src="/api/file/v.mp4"></video>'],
  ['entities and plain text', 'plain &lt;b&gt;not bold&lt;/b&gt; &amp; “quotes” — ünïcödé 中文 العربية'],
  ['dropped and unwrapped', '<p onclick="x()" style="color:red">hi<script>alert(1)</script><font>kept</font><iframe src="https://x"></iframe></p>'],
  ['line breaks', '<p>a<br>b<br/>c</p><p></p>'],
];

describe("the server's parser for rich text (client/firstPaint/parseHtml.ts)", () => {
  it('is checked on every seeded document: four in each of the 13 languages', () => {
    expect(seededDocuments).toHaveLength(52);
  });

  it.each([...written, ...seededDocuments])('gives the markup the browser gives: %s', (_name, html) => {
    expect(render(html, parseHtmlOnServer)).toBe(render(html, browserParse));
  });
});
