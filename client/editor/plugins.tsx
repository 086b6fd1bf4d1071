import { useEffect, type RefObject } from 'react';
import { $generateHtmlFromNodes } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isElementNode, $isRangeSelection, CLEAR_EDITOR_COMMAND } from 'lexical';
import { cleanHtml } from './cleanHtml';

/** Reports the editor's content as cleaned HTML whenever it changes. */
export function HtmlOutputPlugin({ onChange }: { onChange: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    let last = '';
    return editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      const html = cleanHtml(editorState.read(() => $generateHtmlFromNodes(editor), { editor }));
      if (html === last) return;
      last = html;
      onChange(html);
    });
  }, [editor, onChange]);
  return null;
}

/** What a form can do to its editor from outside. */
export interface EditorController {
  clear(): void;
  focus(): void;
  /** Puts plain text (one paragraph a line) at the caret, or in place of everything with `replace`. */
  insertText(text: string, replace?: boolean): void;
}

/** Plain text as paragraphs, one a line. */
function $paragraphsOf(text: string) {
  return text.split(/\r?\n/).map((line) => {
    const paragraph = $createParagraphNode();
    if (line) paragraph.append($createTextNode(line));
    return paragraph;
  });
}

export function ControllerPlugin({ controllerRef }: { controllerRef?: RefObject<EditorController | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (!controllerRef) return;
    controllerRef.current = {
      clear: () => editor.dispatchCommand(CLEAR_EDITOR_COMMAND, undefined),
      focus: () => editor.focus(() => editor.update(() => $getRoot().selectEnd())),
      insertText: (text, replace = false) => {
        editor.update(() => {
          const root = $getRoot();
          const selection = $getSelection();
          if (!replace && $isRangeSelection(selection)) return selection.insertRawText(text);
          const first = root.getFirstChild();
          const blank = root.getChildrenSize() === 1 && $isElementNode(first) && first.isEmpty();
          if (replace || blank) root.clear();
          const paragraphs = $paragraphsOf(text);
          root.append(...paragraphs);
          paragraphs.at(-1)?.selectEnd();
        });
        editor.focus();
      },
    };
    return () => {
      controllerRef.current = null;
    };
  }, [editor, controllerRef]);
  return null;
}

/** Locks the editor while its form is being sent. */
export function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}
