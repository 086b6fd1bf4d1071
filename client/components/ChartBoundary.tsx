import { Component, Suspense, type ReactNode } from 'react';

class FailureBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface ChartBoundaryProps {
  /** Shown while the chart's chunk loads. */
  loading: ReactNode;
  /** Shown instead when the chunk fails to load (offline, or a deploy replaced it) or the chart throws. */
  failed: ReactNode;
  children: ReactNode;
}

/** A chart that loads with a chunk of its own (apexcharts stays out of every other chunk): its placeholder, then it, or the failure. */
export function ChartBoundary({ loading, failed, children }: ChartBoundaryProps) {
  return (
    <FailureBoundary fallback={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </FailureBoundary>
  );
}
