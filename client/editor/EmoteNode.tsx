import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { $applyNodeReplacement, DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from 'lexical';
import { EMOTE_ATTR } from '@shared/html-allowlist';
import { emoteText, findEmote } from '@shared/emotes';

type SerializedEmoteNode = Spread<{ emote: string }, SerializedLexicalNode>;

function EmotePicture({ id }: { id: string }) {
  const { t } = useTranslation();
  const emote = findEmote(id);
  if (!emote) return <>{`[${id}]`}</>;
  const name = t(`emotes.${emote.name}`);
  return <img src={emote.src} alt={name} title={name} width={22} height={22} style={{ verticalAlign: '-0.3em' }} />;
}

/**
 * One of the site's emotes (shared/emotes.ts), by its `group|name` id. Written out as
 * `<span data-emote="group|name">[group|name]</span>`: the renderer shows the picture, and clients
 * that read the raw HTML still see the token.
 */
export class EmoteNode extends DecoratorNode<JSX.Element> {
  __emote: string;

  static getType() {
    return 'emote';
  }

  static clone(node: EmoteNode) {
    return new EmoteNode(node.__emote, node.__key);
  }

  static importJSON(json: SerializedEmoteNode) {
    return $createEmoteNode(json.emote);
  }

  static importDOM(): DOMConversionMap {
    return {
      span: (element) =>
        element.hasAttribute(EMOTE_ATTR) ? { conversion: (span) => ({ node: $createEmoteNode(span.getAttribute(EMOTE_ATTR) ?? '') }), priority: 1 } : null,
    };
  }

  constructor(emote: string, key?: NodeKey) {
    super(key);
    this.__emote = emote;
  }

  exportJSON(): SerializedEmoteNode {
    return { ...super.exportJSON(), type: 'emote', version: 1, emote: this.__emote };
  }

  exportDOM(): DOMExportOutput {
    const span = document.createElement('span');
    span.setAttribute(EMOTE_ATTR, this.__emote);
    span.textContent = emoteText({ id: this.__emote });
    return { element: span };
  }

  createDOM(): HTMLElement {
    return document.createElement('span');
  }

  updateDOM() {
    return false;
  }

  isInline() {
    return true;
  }

  getTextContent() {
    return emoteText({ id: this.__emote });
  }

  decorate(): JSX.Element {
    return <EmotePicture id={this.__emote} />;
  }
}

export function $createEmoteNode(emote: string) {
  return $applyNodeReplacement(new EmoteNode(emote));
}

export const $isEmoteNode = (node: LexicalNode | null | undefined): node is EmoteNode => node instanceof EmoteNode;
