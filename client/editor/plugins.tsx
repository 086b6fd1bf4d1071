import { useEffect, type RefObject } from 'react';
import { $generateHtmlFromNodes } from '@lexical/html';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getRoot, CLEAR_EDITOR_COMMAND } from 'lexical';
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
}

export function ControllerPlugin({ controllerRef }: { controllerRef?: RefObject<EditorController | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (!controllerRef) return;
    controllerRef.current = {
      clear: () => editor.dispatchCommand(CLEAR_EDITOR_COMMAND, undefined),
      focus: () => editor.focus(() => editor.update(() => $getRoot().selectEnd())),
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
