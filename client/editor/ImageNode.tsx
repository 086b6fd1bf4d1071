import type { JSX } from 'react';
import { $applyNodeReplacement, DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from 'lexical';

type SerializedImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

/** An inline image by address, written out as a plain `<img>`. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static getType() {
    return 'image';
  }

  static clone(node: ImageNode) {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  static importJSON(json: SerializedImageNode) {
    return $createImageNode(json.src, json.alt);
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element) => {
          const img = element as HTMLImageElement;
          return { node: $createImageNode(img.getAttribute('src') ?? '', img.getAttribute('alt') ?? '') };
        },
        priority: 0,
      }),
    };
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: 'image', version: 1, src: this.__src, alt: this.__alt };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    if (this.__alt) img.setAttribute('alt', this.__alt);
    return { element: img };
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
    return this.__alt;
  }

  decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} className="editor-image" loading="lazy" referrerPolicy="no-referrer" />;
  }
}

export function $createImageNode(src: string, alt = '') {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export const $isImageNode = (node: LexicalNode | null | undefined): node is ImageNode => node instanceof ImageNode;
