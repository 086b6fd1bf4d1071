import { useRef, type CSSProperties } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { useTranslation } from 'react-i18next';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import { Icon } from '@client/components/Icon';
import { Menu, MenuItem, MenuSeparator } from '@client/components/Menu';
import { StatusBadge, useStatusName } from '@client/components/StatusBadge';
import { useFormat } from '@client/i18n/format';
import { commitWorkflow, moveCard, moveColumn, shiftCard, shiftColumn, setColumnShown, workflow, type WorkflowState } from '@client/state/workflow';
import styles from './Workflow.module.css';

const CARD = 'workflow-card';
const COLUMN = 'workflow-column';

interface CardDrag {
  id: number;
}
interface ColumnDrag {
  status: number;
}

const apply = (change: (s: WorkflowState) => WorkflowState) => commitWorkflow(change(workflow as WorkflowState));

/**
 * A move chosen from a menu: the card or column is drawn again elsewhere and the menu button that
 * had focus is gone, so focus goes to the same button at its new place once the board is redrawn.
 */
function applyAndFollow(change: (s: WorkflowState) => WorkflowState, moved: string) {
  apply(change);
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return;
    document.querySelector<HTMLElement>(`${moved} button[aria-haspopup="menu"]`)?.focus();
  });
}

/** Where a dragged card lands when dropped on `target` in `cards`: before it, or after it in its lower half. */
function dropIndex(cards: readonly number[], dragged: number, target: number, after: boolean) {
  const others = cards.filter((id) => id !== dragged);
  const at = others.indexOf(target);
  return at < 0 ? others.length : at + (after ? 1 : 0);
}

interface BoardProps {
  state: WorkflowState;
  onOpen: (id: number) => void;
  onRemove: (id: number) => void;
}

/** The columns shown, in the user's order; cards and columns move by drag and drop or by their menus. */
export function Board({ state, onOpen, onRemove }: BoardProps) {
  const shown = state.columns.filter((c) => state.settings.showColumn.includes(c.status));
  const style = { '--workflow-column': `${state.settings.columnWidth}px` } as CSSProperties;
  return (
    <div className={styles.board} style={style} data-testid="workflow-board">
      {shown.map((column, index) => (
        <Column key={column.status} state={state} status={column.status} cards={column.cards} first={index === 0} last={index === shown.length - 1} onOpen={onOpen} onRemove={onRemove} />
      ))}
    </div>
  );
}

interface ColumnProps {
  state: WorkflowState;
  status: number;
  cards: readonly number[];
  first: boolean;
  last: boolean;
  onOpen: (id: number) => void;
  onRemove: (id: number) => void;
}

function Column({ state, status, cards, first, last, onOpen, onRemove }: ColumnProps) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const format = useFormat();
  const name = statusName(status);

  const [{ dragging }, drag, preview] = useDrag<ColumnDrag, unknown, { dragging: boolean }>({
    type: COLUMN,
    item: { status },
    collect: (m) => ({ dragging: m.isDragging() }),
  });
  const [{ columnOver }, dropColumn] = useDrop<ColumnDrag, unknown, { columnOver: boolean }>({
    accept: COLUMN,
    drop: (item) => {
      if (item.status === status) return;
      apply((s) => moveColumn(s, item.status, s.columns.findIndex((c) => c.status === status)));
    },
    collect: (m) => ({ columnOver: m.isOver() && m.getItem<ColumnDrag>()?.status !== status }),
  });
  const [{ cardOver }, dropCard] = useDrop<CardDrag, unknown, { cardOver: boolean }>({
    accept: CARD,
    drop: (item, monitor) => {
      if (monitor.didDrop()) return;
      apply((s) => moveCard(s, item.id, status, Number.MAX_SAFE_INTEGER, Date.now()));
    },
    collect: (m) => ({ cardOver: m.isOver({ shallow: true }) }),
  });

  const columnRef = useRef<HTMLElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  preview(dropColumn(columnRef));
  drag(headRef);
  dropCard(listRef);

  return (
    <section
      ref={columnRef}
      className={[styles.column, dragging && styles.dragging, columnOver && styles.over].filter(Boolean).join(' ')}
      aria-label={t('workflow.column.label', { name })}
      data-column={status}
    >
      <div className={styles.columnHead}>
        <div ref={headRef} className={styles.columnTitle} title={t('workflow.column.dragHint')} data-column-handle={status}>
          <StatusBadge status={status} />
          <span className={styles.count}>{format.number(cards.length)}</span>
        </div>
        <Menu trigger={<Icon name="menu" size={16} />} triggerLabel={t('workflow.column.menu', { name })} triggerClassName={styles.menuButton}>
          {!first && <MenuItem onSelect={() => applyAndFollow((s) => shiftColumn(s, status, -1), `[data-column="${status}"]`)}>{t('workflow.column.moveLeft')}</MenuItem>}
          {!last && <MenuItem onSelect={() => applyAndFollow((s) => shiftColumn(s, status, 1), `[data-column="${status}"]`)}>{t('workflow.column.moveRight')}</MenuItem>}
          <MenuItem onSelect={() => apply((s) => setColumnShown(s, status, false))}>{t('workflow.column.hide')}</MenuItem>
        </Menu>
      </div>
      <ol ref={listRef} className={[styles.cards, cardOver && styles.over].filter(Boolean).join(' ')} data-column-cards={status}>
        {cards.map((id, index) => (
          <CardItem key={id} state={state} id={id} column={status} cards={cards} first={index === 0} last={index === cards.length - 1} onOpen={onOpen} onRemove={onRemove} />
        ))}
        {!cards.length && <li className={styles.emptyColumn}>{t('workflow.column.empty')}</li>}
      </ol>
    </section>
  );
}

interface CardProps {
  state: WorkflowState;
  id: number;
  column: number;
  cards: readonly number[];
  first: boolean;
  last: boolean;
  onOpen: (id: number) => void;
  onRemove: (id: number) => void;
}

const SNIPPET = 90;

function CardItem({ state, id, column, cards, first, last, onOpen, onRemove }: CardProps) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const format = useFormat();
  const card = state.cards[id]!;
  const meta = state.meta[id];
  const ref = useRef<HTMLLIElement>(null);

  const [{ dragging }, drag] = useDrag<CardDrag, unknown, { dragging: boolean }>({
    type: CARD,
    item: { id },
    collect: (m) => ({ dragging: m.isDragging() }),
  });
  const [{ over }, drop] = useDrop<CardDrag, unknown, { over: boolean }>({
    accept: CARD,
    drop: (item, monitor) => {
      if (item.id === id) return;
      const rect = ref.current?.getBoundingClientRect();
      const y = monitor.getClientOffset()?.y;
      const after = !!rect && y !== undefined && y > rect.top + rect.height / 2;
      apply((s) => moveCard(s, item.id, column, dropIndex(cards, item.id, id, after), Date.now()));
    },
    collect: (m) => ({ over: m.isOver() && m.getItem<CardDrag>()?.id !== id }),
  });
  drag(drop(ref));

  const others = state.columns.filter((c) => c.status !== column && state.settings.showColumn.includes(c.status));
  const remark = meta?.remark.trim() ?? '';
  const task = meta?.task;

  return (
    <li ref={ref} className={[styles.card, dragging && styles.dragging, over && styles.over, card.flagged && styles.flagged].filter(Boolean).join(' ')} data-card={id}>
      <div className={styles.cardHead}>
        <button type="button" className={styles.cardName} onClick={() => onOpen(id)}>
          {card.name}
        </button>
        <Menu trigger={<Icon name="menu" size={16} />} triggerLabel={t('workflow.card.menu', { name: card.name })} triggerClassName={styles.menuButton}>
          <MenuItem onSelect={() => onOpen(id)}>{t('workflow.card.details')}</MenuItem>
          {!first && <MenuItem onSelect={() => applyAndFollow((s) => shiftCard(s, id, -1, Date.now()), `[data-card="${id}"]`)}>{t('workflow.card.moveUp')}</MenuItem>}
          {!last && <MenuItem onSelect={() => applyAndFollow((s) => shiftCard(s, id, 1, Date.now()), `[data-card="${id}"]`)}>{t('workflow.card.moveDown')}</MenuItem>}
          {others.length > 0 && <MenuSeparator />}
          {others.map((c) => (
            <MenuItem key={c.status} onSelect={() => applyAndFollow((s) => moveCard(s, id, c.status, Number.MAX_SAFE_INTEGER, Date.now()), `[data-card="${id}"]`)}>
              {t('workflow.card.moveTo', { name: statusName(c.status) })}
            </MenuItem>
          ))}
          <MenuSeparator />
          <MenuItem danger onSelect={() => onRemove(id)}>
            {t('workflow.card.remove')}
          </MenuItem>
        </Menu>
      </div>
      <div className={styles.cardLine}>
        <StatusBadge status={card.status} />
        {card.games.map((g) => (
          <Badge key={g} tone="info">
            {t(`games.${g}`, { defaultValue: g })}
          </Badge>
        ))}
        {card.flagged && (
          <Badge tone="warning">
            <Icon name="flag" size={12} /> {t('workflow.card.flagged')}
          </Badge>
        )}
      </div>
      {card.caseUpdateTime && (
        <p className={styles.cardMeta}>
          {t('workflow.card.updated')} <DateTime value={card.caseUpdateTime} relative />
        </p>
      )}
      {remark && <p className={styles.remark}>{remark.length > SNIPPET ? `${remark.slice(0, SNIPPET)}…` : remark}</p>}
      {task && (
        <p className={styles.cardMeta} data-task={task.action}>
          <Icon name="clock" size={12} /> {t(task.action === 'archive' ? 'workflow.card.archiveAt' : 'workflow.card.notifyAt', { date: format.dateTime(task.dueAt) })}
        </p>
      )}
    </li>
  );
}
