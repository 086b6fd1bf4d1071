// @vitest-environment jsdom
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $createTextNode, $getRoot, createEditor, type ElementNode, type LexicalEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@server/http/sanitize';
import { cleanHtml } from './cleanHtml';
import { $createContractedNode, $isContractedNode, ContractedNode } from './ContractedNode';
import { $createEmoteNode, $isEmoteNode, EmoteNode } from './EmoteNode';

const newEditor = () => createEditor({ namespace: 'test', nodes: [EmoteNode, ContractedNode], onError: (e) => { throw e; } });

function htmlOf(editor: LexicalEditor) {
  return editor.getEditorState().read(() => $generateHtmlFromNodes(editor));
}

describe('emote and contracted-syntax nodes', () => {
  it('are written as spans that the cleaner and the server keep as they are', () => {
    const editor = newEditor();
    editor.update(
      () => {
        const p = $createParagraphNode();
        p.append($createTextNode('Caught '), $createEmoteNode('face|doge'), $createTextNode(' by '), $createContractedNode('privilege', 'admin'));
        $getRoot().append(p);
      },
      { discrete: true },
    );
    const html = cleanHtml(htmlOf(editor));
    expect(html).toBe('<p>Caught <span data-emote="face|doge">[face|doge]</span> by <span data-cs-type="privilege" data-cs-value="admin">{privilege:admin}</span></p>');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('come back from pasted HTML as the same nodes', () => {
    const editor = newEditor();
    const dom = new DOMParser().parseFromString('<p><span data-emote="game|gg">[game|gg]</span><span data-cs-type="router" data-cs-value="/about">{router:/about}</span><span>plain</span></p>', 'text/html');
    editor.update(() => $getRoot().append(...$generateNodesFromDOM(editor, dom)), { discrete: true });
    const children = editor.getEditorState().read(() =>
      $getRoot()
        .getFirstChildOrThrow<ElementNode>()
        .getChildren()
        .map((n) => ($isEmoteNode(n) ? `emote ${n.__emote}` : $isContractedNode(n) ? `cs ${n.__csType} ${n.__csValue}` : `${n.getType()} ${n.getTextContent()}`)),
    );
    expect(children).toEqual(['emote game|gg', 'cs router /about', 'text plain']);
  });
});
