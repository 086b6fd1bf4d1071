import { useCallback, useId, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ClearEditorPlugin } from '@lexical/react/LexicalClearEditorPlugin';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { HorizontalRulePlugin } from '@lexical/react/LexicalHorizontalRulePlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $generateNodesFromDOM } from '@lexical/html';
import { $getRoot, $insertNodes, type LexicalEditor } from 'lexical';
import { Icon } from '@client/components/Icon';
import { useFormat } from '@client/i18n/format';
import { RichText } from '@client/richText/RichText';
import { LINK_NODES } from './AllowlistLinkNode';
import { ContractedNode } from './ContractedNode';
import { EmoteNode } from './EmoteNode';
import { ImageNode } from './ImageNode';
import { ControllerPlugin, EditablePlugin, HtmlOutputPlugin, type EditorController } from './plugins';
import { LINK_URL, counterTone } from './rules';
import { Toolbar } from './Toolbar';
import styles from './Editor.module.css';

interface RichEditorProps {
  label: string;
  /** Characters of HTML the server takes for this field (shared/limits.ts). */
  maxLength: number;
  onChange: (html: string) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  controllerRef?: RefObject<EditorController | null>;
  /** HTML the editor starts with (editing what exists); read once, on mount. */
  initialHtml?: string;
}

const isLinkUrl = (url: string) => LINK_URL.test(url);

/** Fills a new editor with existing HTML (inside the editor's first update). */
function loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  const nodes = $generateNodesFromDOM(editor, dom);
  $getRoot().select();
  $insertNodes(nodes);
}

const THEME = { paragraph: styles.paragraph, link: styles.link, text: { bold: styles.bold, italic: styles.italic, underline: styles.underline } };

/**
 * The rich-text editor of reports, replies and appeals (docs/decisions/0002-lexical-editor.md): a toolbar, a preview, and a
 * counter of the HTML it sends, amber past half the limit and red over it.
 */
export function RichEditor({ label, maxLength, onChange, placeholder, hint, error, disabled = false, controllerRef, initialHtml }: RichEditorProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [html, setHtml] = useState(initialHtml ?? '');
  const [preview, setPreview] = useState(false);
  const update = useCallback(
    (next: string) => {
      setHtml(next);
      onChange(next);
    },
    [onChange],
  );
  const tone = counterTone(html.length, maxLength);

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <span className={styles.label} id={`${id}-label`}>
          {label}
        </span>
        <div className={styles.modes} role="group" aria-label={t('editor.mode')}>
          <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
            <Icon name="edit" size={14} />
            {t('editor.write')}
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
            <Icon name="eye" size={14} />
            {t('editor.preview')}
          </button>
        </div>
      </div>
      <LexicalComposer
        initialConfig={{
          namespace: 'tribunal',
          theme: THEME,
          nodes: [...LINK_NODES, ImageNode, HorizontalRuleNode, EmoteNode, ContractedNode],
          editable: !disabled,
          editorState: initialHtml ? (editor: LexicalEditor) => loadHtml(editor, initialHtml) : undefined,
          onError: (e: Error) => {
            throw e;
          },
        }}
      >
        <div className={`${styles.frame} ${error || tone === 'over' ? styles.invalid : ''}`}>
          {!preview && <Toolbar disabled={disabled} />}
          <div className={styles.surface} hidden={preview}>
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  className={styles.editable}
                  ariaLabelledBy={`${id}-label`}
                  ariaDescribedBy={`${id}-counter${error || tone === 'over' ? ` ${id}-error` : ''}${hint ? ` ${id}-hint` : ''}`}
                  ariaInvalid={!!error || tone === 'over'}
                  ariaMultiline
                  aria-placeholder={placeholder ?? ''}
                  placeholder={<div className={styles.placeholder}>{placeholder}</div>}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
          {preview && <div className={styles.preview}>{html ? <RichText html={html} /> : <p className={styles.placeholder}>{t('editor.nothingToPreview')}</p>}</div>}
          <div className={styles.footer}>
            <span className={styles.footerHint}>{hint && <span id={`${id}-hint`}>{hint}</span>}</span>
            <span id={`${id}-counter`} className={`${styles.counter} ${styles[tone]}`} aria-live={tone === 'over' ? 'polite' : 'off'}>
              {t('editor.counter', { count: html.length, length: format.number(html.length), max: format.number(maxLength) })}
            </span>
          </div>
        </div>
        <HistoryPlugin />
        <LinkPlugin validateUrl={isLinkUrl} />
        <HorizontalRulePlugin />
        <ClearEditorPlugin />
        <HtmlOutputPlugin onChange={update} />
        <ControllerPlugin controllerRef={controllerRef} />
        <EditablePlugin editable={!disabled} />
      </LexicalComposer>
      {(error || tone === 'over') && (
        <p className={styles.error} id={`${id}-error`} role="alert">
          <Icon name="alert" size={14} />
          {error ?? t('editor.tooLong', { max: format.number(maxLength) })}
        </p>
      )}
    </div>
  );
}
