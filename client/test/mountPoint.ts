import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A fresh element in the document and a React root on it for each test of the file, unmounted and removed after it. */
export function mountPoint() {
  const point = { host: undefined as unknown as HTMLDivElement, root: undefined as unknown as Root };
  beforeEach(() => {
    point.host = document.createElement('div');
    document.body.append(point.host);
    point.root = createRoot(point.host);
  });
  afterEach(() => {
    act(() => point.root.unmount());
    point.host.remove();
  });
  return point;
}
