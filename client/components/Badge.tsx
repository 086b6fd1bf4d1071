import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info' | 'violet';

interface BadgeProps {
  tone?: Tone;
  /** Without the status dot. */
  plain?: boolean;
  children: ReactNode;
}

export function Badge({ tone = 'neutral', plain, children }: BadgeProps) {
  return <span className={[styles.badge, styles[tone], plain && styles.plain].filter(Boolean).join(' ')}>{children}</span>;
}

export const badgeListClass = styles.list;
