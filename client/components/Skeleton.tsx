import styles from './Skeleton.module.css';

interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  radius?: string;
  className?: string;
}

/** A placeholder block shown while content loads. */
export function Skeleton({ width = '100%', height = 14, radius, className }: SkeletonProps) {
  return <span className={className ? `${styles.skeleton} ${className}` : styles.skeleton} style={{ width, height, borderRadius: radius }} aria-hidden />;
}
