import { useTranslation } from 'react-i18next';
import { buttonClass } from '@client/components/Button';
import { Icon } from '@client/components/Icon';
import { Menu, MenuItem, MenuSeparator } from '@client/components/Menu';
import { useTemplates, type Template, type TemplateKind } from '@client/state/templates';
import styles from './Judgement.module.css';

interface TemplateMenuProps {
  kind: TemplateKind;
  onPick: (template: Template) => void;
  onManage: () => void;
}

/** A menu of the staff's local templates of one kind, and the way to manage them. */
export function TemplateMenu({ kind, onPick, onManage }: TemplateMenuProps) {
  const { t } = useTranslation();
  const list = useTemplates(kind);
  const label = t(`judgement.templates.${kind}.menu`);
  return (
    <Menu
      triggerLabel={label}
      triggerClassName={buttonClass({ variant: 'secondary', size: 'sm' })}
      trigger={
        <>
          <Icon name={kind === 'judgement' ? 'scale' : 'bolt'} size={14} />
          <span>{label}</span>
          <Icon name="chevronDown" size={14} />
        </>
      }
      header={list.length ? undefined : <span className={styles.menuNote}>{t(`judgement.templates.${kind}.none`)}</span>}
    >
      {list.map((template) => (
        <MenuItem key={template.id} onSelect={() => onPick(template)}>
          <span className={styles.menuTitle}>{template.title}</span>
        </MenuItem>
      ))}
      {list.length > 0 && <MenuSeparator />}
      <MenuItem onSelect={onManage}>
        <Icon name="settings" size={14} />
        {t('judgement.templates.manage')}
      </MenuItem>
    </Menu>
  );
}
