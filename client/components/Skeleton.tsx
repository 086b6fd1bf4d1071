import styles from './Skeleton.module.css';

interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  radius?: string;
}

/** A placeholder block shown while content loads. */
export function Skeleton({ width = '100%', height = 14, radius }: SkeletonProps) {
  return <span className={styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden />;
}
