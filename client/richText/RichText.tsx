import { Fragment, useMemo, type ReactNode } from 'react';
import { ALLOWED_TAGS, DROPPED_TAGS, safeHref, safeMediaSrc } from './whitelist';
import { SegmentView } from './SegmentView';
import { tokenize } from './tokens';
import styles from './RichText.module.css';

interface RichTextProps {
  /** User HTML, as stored (already cleaned by the server; cleaned again here). */
  html: string;
  /** Where `{floor:<id>}` leads; the case page's own anchors by default. */
  floorHref?: (id: number) => string;
}

const EXTERNAL = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** Tags whose text is shown as written, without links or tokens. */
const VERBATIM = new Set(['a', 'code', 'pre']);

function renderNodes(nodes: NodeListOf<ChildNode>, floorHref: (id: number) => string, verbatim: boolean): ReactNode[] {
  return [...nodes].map((node, i) => renderNode(node, floorHref, verbatim, i));
}

function renderNode(node: ChildNode, floorHref: (id: number) => string, verbatim: boolean, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
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
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = () => renderNodes(node.childNodes, floorHref, verbatim || VERBATIM.has(tag));
  if (!ALLOWED_TAGS.has(tag)) return <Fragment key={key}>{children()}</Fragment>;
  switch (tag) {
    case 'br':
    case 'hr': {
      const Void = tag;
      return <Void key={key} />;
    }
    case 'a': {
      const href = safeHref(node.getAttribute('href'));
      return href ? (
        <a key={key} href={href} {...EXTERNAL}>
          {children()}
        </a>
      ) : (
        <Fragment key={key}>{children()}</Fragment>
      );
    }
    case 'img': {
      const src = safeMediaSrc(node.getAttribute('src'));
      return src ? <img key={key} src={src} alt={node.getAttribute('alt') ?? ''} loading="lazy" referrerPolicy="no-referrer" /> : null;
    }
    case 'video': {
      const src = safeMediaSrc(node.getAttribute('src'));
      return src ? <video key={key} src={src} poster={safeMediaSrc(node.getAttribute('poster')) ?? undefined} controls preload="metadata" /> : null;
    }
    default: {
      const Tag = tag as 'p';
      return <Tag key={key}>{children()}</Tag>;
    }
  }
}

/**
 * Renders user content (spec §5): only the allowed tags, links opening in a new tab,
 * and bare links, e-mail addresses and brace tokens made into links.
 */
export function RichText({ html, floorHref = (id) => `#floor-${id}` }: RichTextProps) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return renderNodes(body.childNodes, floorHref, false);
  }, [html, floorHref]);
  const plain = !/<[a-z][^>]*>/i.test(html);
  return <div className={plain ? `${styles.richText} ${styles.plain}` : styles.richText}>{content}</div>;
}
