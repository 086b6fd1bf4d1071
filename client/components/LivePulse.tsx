import styles from './LivePulse.module.css';

/** The green dot beside something that updates live, with a ring pulsing out of it. */
export function LivePulse() {
  return <span className={styles.pulse} aria-hidden />;
}
