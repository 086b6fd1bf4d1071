import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { $applyNodeReplacement, DecoratorNode, type DOMConversionMap, type DOMExportOutput, type LexicalNode, type NodeKey, type SerializedLexicalNode, type Spread } from 'lexical';
import { contractedText, isContractedType, type ContractedType } from '@shared/contracted';
import { CS_TYPE_ATTR, CS_VALUE_ATTR } from '@shared/html-allowlist';
import styles from './Editor.module.css';

type SerializedContractedNode = Spread<{ csType: ContractedType; csValue: string }, SerializedLexicalNode>;

function ContractedChip({ type, value }: { type: ContractedType; value: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.contractedChip} title={contractedText(type, value)}>
      {t(`editor.contracted.types.${type}`)}: {value}
    </span>
  );
}

/**
 * A contracted-syntax item (its type and value), shown in the editor as a chip
 * and written out as `<span data-cs-type data-cs-value>{type:value}</span>`: the renderer expands
 * it, and clients that read the raw HTML still see the token.
 */
export class ContractedNode extends DecoratorNode<JSX.Element> {
  __csType: ContractedType;
  __csValue: string;

  static getType() {
    return 'contracted';
  }

  static clone(node: ContractedNode) {
    return new ContractedNode(node.__csType, node.__csValue, node.__key);
  }

  static importJSON(json: SerializedContractedNode) {
    return $createContractedNode(json.csType, json.csValue);
  }

  static importDOM(): DOMConversionMap {
    return {
      span: (element) => {
        const type = element.getAttribute(CS_TYPE_ATTR);
        const value = element.getAttribute(CS_VALUE_ATTR);
        if (!type || !value || !isContractedType(type)) return null;
        return { conversion: () => ({ node: $createContractedNode(type, value) }), priority: 1 };
      },
    };
  }

  constructor(csType: ContractedType, csValue: string, key?: NodeKey) {
    super(key);
    this.__csType = csType;
    this.__csValue = csValue;
  }

  exportJSON(): SerializedContractedNode {
    return { ...super.exportJSON(), type: 'contracted', version: 1, csType: this.__csType, csValue: this.__csValue };
  }

  exportDOM(): DOMExportOutput {
    const span = document.createElement('span');
    span.setAttribute(CS_TYPE_ATTR, this.__csType);
    span.setAttribute(CS_VALUE_ATTR, this.__csValue);
    span.textContent = contractedText(this.__csType, this.__csValue);
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
    return contractedText(this.__csType, this.__csValue);
  }

  decorate(): JSX.Element {
    return <ContractedChip type={this.__csType} value={this.__csValue} />;
  }
}

export function $createContractedNode(type: ContractedType, value: string) {
  return $applyNodeReplacement(new ContractedNode(type, value));
}

export const $isContractedNode = (node: LexicalNode | null | undefined): node is ContractedNode => node instanceof ContractedNode;
