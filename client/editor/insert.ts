import { $createLinkNode } from '@lexical/link';
import { $createTextNode, $getRoot, $getSelection, $isElementNode, $isRangeSelection, $setSelection, type BaseSelection, type LexicalEditor, type LexicalNode } from 'lexical';

/**
 * Where an insertion from a dialog goes: the selection the editor had when the dialog opened
 * (focus moves into the dialog meanwhile), or the end of the text.
 */
export function rememberSelection(editor: LexicalEditor): () => void {
  const saved: BaseSelection | null = editor.getEditorState().read(() => $getSelection()?.clone() ?? null);
  return () => {
    if (saved) return $setSelection(saved.clone());
    const last = $getRoot().getLastChild();
    if ($isElementNode(last)) last.selectEnd();
    else $getRoot().selectEnd();
  };
}

/** Inserts nodes at the remembered place and puts the caret after them. */
export function insertAt(editor: LexicalEditor, restore: () => void, build: () => LexicalNode[]) {
  editor.update(() => {
    restore();
    const selection = $getSelection();
    if ($isRangeSelection(selection)) selection.insertNodes(build());
  });
  editor.focus();
}

/** A link with its text (the address itself when no text is given). */
export const linkNodes = (url: string, text: string) => () => {
  const link = $createLinkNode(url);
  link.append($createTextNode(text || url));
  return [link];
};

/** The selected text, offered as the link's text. */
export const selectedText = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => {
    const selection = $getSelection();
    return $isRangeSelection(selection) ? selection.getTextContent() : '';
  });
