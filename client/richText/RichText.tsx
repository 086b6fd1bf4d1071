import { Fragment, useMemo, type ReactNode } from 'react';
import { CS_TYPE_ATTR, CS_VALUE_ATTR, EMOTE_ATTR, elementFate, type Attributes } from '@shared/html-allowlist';
import { useParseHtml } from './htmlParser';
import { SegmentView } from './SegmentView';
import { contractedSegment, emoteSegment, tokenize, type Segment } from './tokens';
import styles from './RichText.module.css';

interface RichTextProps {
  /** User HTML, as stored (already cleaned by the server; cleaned again here). */
  html: string;
  /** Where `{floor:<id>}` leads; the case page's own anchors by default. */
  floorHref?: (id: number) => string;
}

/** Tags whose text is shown as written, without links or tokens. */
const VERBATIM = new Set(['a', 'code', 'pre']);

// Node types by number: the server's DOM (./htmlParser.ts) has no `Node` or `Element` globals.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));

/** What an editor's span stands for: an emote, or a contracted-syntax token. */
function spanSegment(attrs: Attributes): Segment | null {
  if (attrs[EMOTE_ATTR]) return emoteSegment(attrs[EMOTE_ATTR]);
  if (attrs[CS_TYPE_ATTR] && attrs[CS_VALUE_ATTR]) return contractedSegment(attrs[CS_TYPE_ATTR], attrs[CS_VALUE_ATTR]);
  return null;
}

function renderNodes(nodes: NodeListOf<ChildNode>, floorHref: (id: number) => string, verbatim: boolean): ReactNode[] {
  return [...nodes].map((node, i) => renderNode(node, floorHref, verbatim, i));
}

function renderNode(node: ChildNode, floorHref: (id: number) => string, verbatim: boolean, key: number): ReactNode {
  if (node.nodeType === TEXT_NODE) {
    const text = node.textContent ?? '';
    if (verbatim) return text;
    return (
      <Fragment key={key}>
        {tokenize(text).map((segment, i) => (
          <SegmentView key={i} segment={segment} floorHref={floorHref} />
        ))}
      </Fragment>
    );
  }
  if (node.nodeType !== ELEMENT_NODE) return null;
  return renderElement(node as Element, floorHref, verbatim, key);
}

function renderElement(node: Element, floorHref: (id: number) => string, verbatim: boolean, key: number): ReactNode {
  const tag = node.tagName.toLowerCase();
  // The shared allowlist decides, as on the server and in the editor.
  const fate = elementFate(tag, attributesOf(node));
  if (fate.action === 'drop') return null;
  const children = () => renderNodes(node.childNodes, floorHref, verbatim || VERBATIM.has(tag));
  if (fate.action === 'unwrap') return <Fragment key={key}>{children()}</Fragment>;
  // The allowlist's attribute names (href, src, alt, title, poster, target, rel, data-*) are React's too.
  const attrs = fate.attrs;
  switch (tag) {
    case 'br':
    case 'hr': {
      const Void = tag;
      return <Void key={key} />;
    }
    case 'img':
      return <img key={key} {...attrs} loading="lazy" referrerPolicy="no-referrer" />;
    case 'video':
      return (
        <video key={key} {...attrs} controls preload="metadata">
          {children()}
        </video>
      );
    case 'span': {
      // An emote or token the editor inserted; its text is the same token, shown if it is not one.
      const segment = verbatim ? null : spanSegment(fate.attrs);
      if (segment) return <SegmentView key={key} segment={segment} floorHref={floorHref} />;
      return <Fragment key={key}>{children()}</Fragment>;
    }
    default: {
      const Tag = tag as 'a';
      return (
        <Tag key={key} {...attrs}>
          {children()}
        </Tag>
      );
    }
  }
}

/**
 * Renders user content (shared/html-allowlist.ts): only the allowed tags, links opening in a new tab, bare links,
 * e-mail addresses and dates made into links and times, contracted syntax and emotes expanded.
 */
export function RichText({ html, floorHref = (id) => `#floor-${id}` }: RichTextProps) {
  const parse = useParseHtml();
  const content = useMemo(() => renderNodes(parse(html).childNodes, floorHref, false), [parse, html, floorHref]);
  const plain = !/<[a-z][^>]*>/i.test(html);
  // What people write runs in its own direction, whatever the interface's: English in an Arabic
  // interface reads left to right (and each paragraph by its own first letters, RichText.module.css).
  return (
    <div dir="auto" className={plain ? `${styles.richText} ${styles.plain}` : styles.richText}>
      {content}
    </div>
  );
}
