import { LinkNode } from '@lexical/link';
import type { LexicalNodeReplacement } from 'lexical';
import { safeHref } from '@shared/html-allowlist';

/**
 * Lexical's link, with the addresses the shared allowlist keeps (shared/html-allowlist.ts): Lexical's
 * own list has no ftp, and writes such a link as `about:blank`.
 */
export class AllowlistLinkNode extends LinkNode {
  $config() {
    return this.config('allowlist-link', { extends: LinkNode });
  }

  sanitizeUrl(url: string): string {
    return safeHref(url) ?? 'about:blank';
  }
}

const asAllowlistLink: LexicalNodeReplacement = {
  replace: LinkNode,
  with: (node: LinkNode) => new AllowlistLinkNode(node.getURL(), { rel: node.getRel(), target: node.getTarget(), title: node.getTitle() }),
  withKlass: AllowlistLinkNode,
};

/** The editor's link nodes: every link made in it (the dialog's, the link plugin's, a pasted one) is an AllowlistLinkNode. */
export const LINK_NODES = [LinkNode, AllowlistLinkNode, asAllowlistLink];
