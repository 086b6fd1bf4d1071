// @vitest-environment jsdom
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '@locales/en-US.json';
import { formatDateTime } from '@client/i18n/format';
import { RichText } from './RichText';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const render = (html: string) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <RichText html={html} />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe('RichText', () => {
  it('keeps the allowed formatting', () => {
    const html = render('<p><b>bold</b> <em>em</em> <u>u</u></p><ul><li>one</li></ul><hr><blockquote>q</blockquote>');
    expect(html).toContain('<p><b>bold</b> <em>em</em> <u>u</u></p><ul><li>one</li></ul><hr/><blockquote>q</blockquote>');
  });

  it('drops scripts, handlers, styles and unsafe addresses', () => {
    const html = render('<p onclick="x()" style="color:red">hi<script>alert(1)</script><a href="javascript:alert(1)">bad</a><img src="data:image/png;base64,AA"><iframe src="https://x"></iframe><font>kept</font></p>');
    expect(html).not.toMatch(/script|onclick|style=|javascript|data:|iframe|font/);
    expect(html).toContain('hibadkept');
  });

  it('opens links in a new tab without giving it this page', () => {
    expect(render('<a href="https://example.com">site</a>')).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>');
  });

  it('makes bare links, e-mail addresses and tokens into links, but not inside links or code', () => {
    const html = render('<p>see https://example.com/a or me@example.com, {floor:7} {player:1006000000} {user:3}</p><code>https://raw.example</code>');
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a</a>');
    expect(html).toContain('<a href="mailto:me@example.com">me@example.com</a>');
    expect(html).toMatch(/<a class="[^"]*" href="#floor-7">#7<\/a>/);
    expect(html).toMatch(/<a class="[^"]*" href="\/player\/1006000000"[^>]*>Case 1006000000</);
    expect(html).toMatch(/<a class="[^"]*" href="\/space\/3"[^>]*>User #3</);
    expect(html).toContain('<code>https://raw.example</code>');
  });

  it('keeps the line breaks of plain-text content', () => {
    expect(render('line one\nline two')).toMatch(/class="[^"]*plain[^"]*">line one\nline two</);
  });

  it('shows a calendar date in the reader’s format, the same day in every zone', () => {
    expect(render('<p>Banned on 2026-01-15.</p>')).toContain('<time dateTime="2026-01-15">Jan 15, 2026</time>');
  });

  it('shows a moment in the reader’s time zone and format', () => {
    const html = render('<p>Seen 2026-01-15T13:45:00Z</p>');
    expect(html).toContain('<time dateTime="2026-01-15T13:45:00Z">');
    expect(html).toContain(`>${formatDateTime('2026-01-15T13:45:00Z', 'en-US')}</time>`);
  });

  it('makes {router:/path} an in-app link', () => {
    expect(render('<p>Read {router:/about}</p>')).toMatch(/<a class="[^"]*" href="\/about"[^>]*>\/about<\/a>/);
  });

  it('shows privilege, signature and icon tokens as a badge, a sign-off and an icon', () => {
    const html = render('<p>{privilege:admin} {signature:The review team} {icon:shield}</p>');
    expect(html).toMatch(/<span class="[^"]*">Admin<\/span>/);
    expect(html).toMatch(/<span class="[^"]*">— The review team<\/span>/);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Shield"/);
    expect(html).not.toContain('{');
  });

  it('shows emotes as our pictures, from text and from the editor’s spans', () => {
    const html = render('<p>[doge] [game|gg] <span data-emote="face|cool">[face|cool]</span> [unknown]</p>');
    expect(html).toMatch(/<img class="[^"]*" src="\/emotes\/face\/doge\.svg" alt="Doge" title="Doge" width="24" height="24" data-emote="face\|doge"\/>/);
    expect(html).toContain('src="/emotes/game/gg.svg" alt="Good game"');
    expect(html).toContain('src="/emotes/face/cool.svg" alt="Cool"');
    expect(html).not.toContain('[face|cool]');
    expect(html).toContain('[unknown]');
  });

  it('expands the editor’s contracted-syntax spans, and shows the text of a bad one', () => {
    const html = render('<p><span data-cs-type="user" data-cs-value="3">{user:3}</span> <span data-cs-type="router" data-cs-value="//evil.example">{router://evil.example}</span></p>');
    expect(html).toMatch(/href="\/space\/3"[^>]*>User #3</);
    expect(html).toContain('{router://evil.example}');
    expect(html).not.toContain('evil.example"');
  });

  it('leaves tokens and dates inside code as written', () => {
    expect(render('<code>[doge] 2026-01-15 {router:/about}</code>')).toContain('<code>[doge] 2026-01-15 {router:/about}</code>');
  });
});
