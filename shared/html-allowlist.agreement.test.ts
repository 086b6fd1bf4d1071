// @vitest-environment jsdom
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanHtml } from '@client/editor/cleanHtml';
import { RichText } from '@client/richText/RichText';
import en from '@locales/en-US.json';
import { sanitizeRichText } from '@server/http/sanitize';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from './html-allowlist';

/**
 * The server's sanitiser, the editor's paste cleaner and the renderer all derive from
 * shared/html-allowlist.ts: on the same input they keep the same elements with the same
 * user-set attributes, and none of them lets script through.
 */

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: en } }, interpolation: { escapeValue: false } });
});

const render = (html: string) => {
  const markup = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, null, createElement(RichText, { html }))));
  // The renderer's own wrapper is not user content.
  return new DOMParser().parseFromString(markup, 'text/html').body.firstElementChild!.innerHTML;
};

/** Attributes each consumer adds by itself (not user-set): compared apart from user attributes. */
const ADDED: Record<string, string[]> = { a: ['target', 'rel'], img: ['loading', 'referrerpolicy'], video: ['controls', 'preload'] };

/** The elements of some HTML as `tag[attr=value,…]` lines with their text, in document order. */
function shape(html: string): string[] {
  const out: string[] = [];
  const walk = (node: Node, depth: number) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (child.textContent) out.push(`${'  '.repeat(depth)}"${child.textContent}"`);
      } else if (child instanceof Element) {
        const tag = child.tagName.toLowerCase();
        const user = [...child.attributes].filter((a) => !ADDED[tag]?.includes(a.name)).map((a) => `${a.name}=${a.value}`).sort();
        out.push(`${'  '.repeat(depth)}${tag}[${user.join(',')}]`);
        walk(child, depth + 1);
      }
    }
  };
  walk(new DOMParser().parseFromString(html, 'text/html').body, 0);
  // Adjacent text pieces are one text, however each side happened to split it.
  return out.reduce<string[]>((acc, line) => {
    const last = acc.at(-1);
    if (last && line.trimStart().startsWith('"') && last.trimStart().startsWith('"') && last.search(/\S/) === line.search(/\S/)) acc[acc.length - 1] = `${last.slice(0, -1)}${line.trimStart().slice(1)}`;
    else acc.push(line);
    return acc;
  }, []);
}

/** Hostile and benign HTML with no bare links, dates or tokens in its text (those the renderer expands on purpose). */
const CORPUS = [
  '<p>Hello <b>bold</b> <i>it</i> <u>u</u> <strong>s</strong> <em>e</em></p><ul><li>one</li></ul><ol><li>two</li></ol><br><hr>',
  '<blockquote>quoted</blockquote><pre>pre</pre><code>code</code><div>div</div>',
  '<a href="https://example.com/a" title="site">link</a> <a href="mailto:me@example.com">mail</a> <a href="ftp://files.example.org/x.zip">ftp</a>',
  '<img src="https://img.example/a.png" alt="shot" title="t" width="10" height="10"><video src="https://v.example/a.mp4" poster="https://v.example/a.jpg" autoplay>no video</video>',
  '<p onclick="steal()" style="color:red" class="x" id="y" dir="rtl">handlers</p><img src="https://i.example/a.png" onerror="alert(1)">',
  '<a href="javascript:alert(1)">js</a><a href="JaVaScRiPt:alert(1)">js2</a><a href="jav&#x61;script:alert(1)">js3</a><a href=" javascript:alert(1)">js4</a><a href="java\tscript:alert(1)">js5</a>',
  '<a href="vbscript:msgbox(1)">vb</a><a href="data:text/html,<script>alert(1)</script>">data</a><a href="//evil.example/x">proto</a><a href="/relative">rel</a><a>none</a>',
  '<img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)"><img src="ftp://img.example/a.png"><img src="//evil.example/a.png"><img>',
  '<video src="javascript:alert(1)">v</video><video poster="https://v.example/p.jpg">no source</video>',
  'before<script>alert("x")</script><style>body{display:none}</style><iframe src="https://evil.example">framed</iframe>after',
  '<object data="x.swf">obj</object><embed src="x.swf"><template><p>tpl</p></template><noscript>ns</noscript><textarea>ta</textarea><select><option>o</option></select>end',
  '<svg onload="alert(1)"><script>alert(1)</script><text>svg text</text></svg><math><mi>x</mi></math>tail',
  '<font color="red">font</font><h1>head</h1><table><tr><td>cell</td></tr></table><marquee>m</marquee><form action="https://x"><input value="i"><button>b</button></form>',
  '<span>bare</span><span style="font-weight:bold" class="c">styled</span><span data-x="1">other data</span>',
  '<span data-emote="face|doge">[face|doge]</span><span data-cs-type="privilege" data-cs-value="admin">{privilege:admin}</span>',
  '<span data-emote="bad emote!">x</span><span data-cs-type="evil" data-cs-value="1">y</span><span data-cs-type="user" data-cs-value="0">z</span><span data-cs-value="3">v</span>',
  '<p><a href="https://ok.example" onmouseover="alert(1)" style="x" target="_self" rel="opener">ok</a></p>',
  '<div><p>nested <b>deep <i>deeper <u>deepest</u></i></b></p></div><!-- a comment -->',
  'a &lt; b &amp; c &quot;quoted&quot; <p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
];

describe('one HTML allowlist', () => {
  it('lists only inert tags and attributes', () => {
    expect(ALLOWED_TAGS).not.toEqual(expect.arrayContaining(['script']));
    for (const [tag, names] of Object.entries(ALLOWED_ATTRIBUTES)) {
      expect(ALLOWED_TAGS, tag).toContain(tag);
      for (const name of names) expect(name, `${tag} ${name}`).toMatch(/^(href|src|alt|title|poster|data-[a-z-]+)$/);
    }
  });

  it.each(CORPUS.map((html) => [html]))('server, editor and renderer agree on %s', (html) => {
    const server = shape(sanitizeRichText(html));
    const editor = shape(cleanHtml(html));
    // Emote and token spans are the one place the renderer shows more than the markup: compared below.
    if (!html.includes('data-emote="face') && !html.includes('data-cs-type="privilege"')) expect(shape(render(html)), 'renderer').toEqual(server);
    expect(editor, 'editor').toEqual(server);
  });

  it.each(CORPUS.map((html) => [html]))('nobody lets script through in %s', (html) => {
    for (const [who, out] of [
      ['server', sanitizeRichText(html)],
      ['editor', cleanHtml(html)],
      ['renderer', render(html)],
    ]) {
      const doc = new DOMParser().parseFromString(out!, 'text/html');
      const elements = [...doc.body.querySelectorAll('*')];
      expect(elements.map((e) => e.tagName.toLowerCase()).filter((t) => !ALLOWED_TAGS.includes(t) && t !== 'time' && t !== 'svg' && t !== 'path'), who).toEqual([]);
      for (const e of elements) {
        for (const a of e.attributes) {
          expect(a.name, `${who} ${a.name}`).not.toMatch(/^(on.*|style|id|srcdoc|formaction)$/);
          if (['href', 'src', 'poster'].includes(a.name)) expect(a.value, who).toMatch(/^(https?:|mailto:|ftp:|\/emotes\/)/);
        }
      }
      expect(doc.body.textContent, who).not.toMatch(/alert\("x"\)|display:none|framed|svg text|\btpl\b|\bns\b|\bta\b/);
    }
  });

  it('keeps the editor’s emote and token spans, which the renderer expands', () => {
    const html = '<span data-emote="face|doge">[face|doge]</span><span data-cs-type="privilege" data-cs-value="admin">{privilege:admin}</span>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(cleanHtml(html)).toBe(html);
    const out = render(html);
    expect(out).toMatch(/<img[^>]+src="\/emotes\/face\/doge\.svg"/);
    expect(out).toContain('>Admin<');
    expect(out).not.toContain('{privilege:admin}');
  });
});
