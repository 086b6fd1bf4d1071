import styles from './GameTags.module.css';

/** A case's games as small tags (BF1, BFV…), beside its status in lists and suggestions. */
export function GameTags({ games }: { games: readonly string[] | null | undefined }) {
  return (
    <>
      {games?.map((g) => (
        <span key={g} className={styles.game}>
          {g.toUpperCase()}
        </span>
      ))}
    </>
  );
}
