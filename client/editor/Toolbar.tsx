import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/react/LexicalHorizontalRuleNode';
import { $createTextNode, $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND, type TextFormatType } from 'lexical';
import { rules } from '@shared/policy';
import { Icon, type IconName } from '@client/components/Icon';
import { useViewer } from '@client/state/session';
import { $createContractedNode } from './ContractedNode';
import { ContractedDialog } from './dialogs/ContractedDialog';
import { EmoteDialog } from './dialogs/EmoteDialog';
import { $createEmoteNode } from './EmoteNode';
import { ImageDialog } from './dialogs/ImageDialog';
import { LinkDialog } from './dialogs/LinkDialog';
import { $createImageNode } from './ImageNode';
import { insertAt, linkNodes, rememberSelection, selectedText } from './insert';
import styles from './Editor.module.css';

const FORMATS: ReadonlyArray<{ format: TextFormatType; glyph: string; shortcut: string }> = [
  { format: 'bold', glyph: 'B', shortcut: 'Ctrl+B' },
  { format: 'italic', glyph: 'I', shortcut: 'Ctrl+I' },
  { format: 'underline', glyph: 'U', shortcut: 'Ctrl+U' },
];

type DialogName = 'link' | 'image' | 'emote' | 'contracted';

function ToolButton({ label, pressed, onClick, disabled, children }: { label: string; pressed?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className={styles.tool} aria-label={label} title={label} aria-pressed={pressed} onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** Bold, italic, underline, link, image, emote, contracted syntax and rule; each dialog inserts where the caret was. */
export function Toolbar({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const [active, setActive] = useState<ReadonlySet<TextFormatType>>(new Set());
  const [dialog, setDialog] = useState<{ name: DialogName; restore: () => void; text: string } | null>(null);
  /** Each opening starts a dialog afresh. */
  const [round, setRound] = useState(0);
  const { has } = useViewer();

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const selection = $getSelection();
          setActive(new Set($isRangeSelection(selection) ? FORMATS.map((f) => f.format).filter((f) => selection.hasFormat(f)) : []));
        }),
      ),
    [editor],
  );

  const open = (name: DialogName) => {
    setRound((r) => r + 1);
    setDialog({ name, restore: rememberSelection(editor), text: name === 'link' ? selectedText(editor) : '' });
  };
  const close = () => setDialog(null);
  const done = (build: Parameters<typeof insertAt>[2]) => {
    const restore = dialog?.restore;
    close();
    // A closing dialog gives focus back to its toolbar button: insert once it has, so the caret
    // lands after the insertion and the writer types on.
    if (restore) setTimeout(() => insertAt(editor, restore, build), 0);
  };

  const tools: ReadonlyArray<{ name: DialogName; icon: IconName }> = [
    { name: 'link', icon: 'link' },
    { name: 'image', icon: 'image' },
    { name: 'emote', icon: 'smile' },
    ...(has(rules.contractedSyntax) ? [{ name: 'contracted', icon: 'code' } as const] : []),
  ];

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
      {FORMATS.map(({ format, glyph, shortcut }) => (
        <ToolButton
          key={format}
          label={`${t(`editor.format.${format}`)} (${shortcut})`}
          pressed={active.has(format)}
          disabled={disabled}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
        >
          <span className={styles[format]}>{glyph}</span>
        </ToolButton>
      ))}
      <span className={styles.toolSeparator} aria-hidden />
      {tools.map((tool) => (
        <ToolButton key={tool.name} label={t(`editor.${tool.name}.button`)} disabled={disabled} onClick={() => open(tool.name)}>
          <Icon name={tool.icon} size={16} />
        </ToolButton>
      ))}
      <ToolButton label={t('editor.rule')} disabled={disabled} onClick={() => editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined)}>
        <Icon name="minus" size={16} />
      </ToolButton>

      <LinkDialog key={`link${round}`} open={dialog?.name === 'link'} initialText={dialog?.text ?? ''} onClose={close} onInsert={(url, text) => done(linkNodes(url, text))} />
      <ImageDialog key={`image${round}`} open={dialog?.name === 'image'} onClose={close} onInsert={(src, alt) => done(() => [$createImageNode(src, alt)])} />
      <EmoteDialog
        open={dialog?.name === 'emote'}
        onClose={close}
        onInsert={(pick) => done(() => [pick.kind === 'emote' ? $createEmoteNode(pick.id) : $createTextNode(pick.text)])}
      />
      <ContractedDialog key={`contracted${round}`} open={dialog?.name === 'contracted'} onClose={close} onInsert={(type, value) => done(() => [$createContractedNode(type, value)])} />
    </div>
  );
}
