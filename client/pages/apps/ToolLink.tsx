import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tool } from '@shared/schemas/tools';
import { Link } from 'react-router';
import { buttonClass } from '@client/components/Button';
import { Icon, type IconName } from '@client/components/Icon';

/** A tool's "get" or "website" button: a path of this site stays in the app, an https address opens a new tab. */
export function ToolLink({ href, icon, children, label }: { href: string; icon: IconName; children: ReactNode; label: string }) {
  const look = buttonClass({ variant: 'secondary', size: 'sm' });
  if (href.startsWith('/'))
    return (
      <Link className={look} to={href} aria-label={label}>
        <Icon name={icon} size={14} />
        {children}
      </Link>
    );
  return (
    <a className={look} href={href} target="_blank" rel="noopener noreferrer nofollow" aria-label={label}>
      <Icon name={icon} size={14} />
      {children}
      <Icon name="external" size={12} />
    </a>
  );
}

/** A tool's "get" and "website" buttons, those it has. */
export function ToolLinks({ tool }: { tool: Pick<Tool, 'name' | 'getUrl' | 'websiteUrl'> }) {
  const { t } = useTranslation();
  return (
    <>
      {tool.getUrl && (
        <ToolLink href={tool.getUrl} icon="download" label={t('tools.getLabel', { name: tool.name })}>
          {t('tools.get')}
        </ToolLink>
      )}
      {tool.websiteUrl && (
        <ToolLink href={tool.websiteUrl} icon="globe" label={t('tools.websiteLabel', { name: tool.name })}>
          {t('tools.website')}
        </ToolLink>
      )}
    </>
  );
}
