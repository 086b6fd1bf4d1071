import styles from './SectionHeader.module.css';

/** The title of a profile section and one line on what it is for. */
export function SectionHeader({ title, description }: { title: string; description: string }) {
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      <p>{description}</p>
    </header>
  );
}
