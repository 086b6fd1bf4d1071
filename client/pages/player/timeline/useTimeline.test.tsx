// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '@client/test/mountPoint';
import type { TimelinePosition } from './pageQuery';
import { useTimeline } from './useTimeline';

/** The timeline requests the test answers when it likes. */
let answers: Array<(page: { result: []; total: number }) => void>;
vi.mock('@client/api/cases', () => ({
  getTimeline: () => new Promise((resolve) => answers.push(resolve)),
  getTimelinePosition: () => new Promise(() => undefined),
}));

const mount = mountPoint();
/** The status each render gave, with the page it rendered. */
let renders: string[];

function Probe({ position }: { position: TimelinePosition }) {
  const { status } = useTimeline({ key: { dbId: 1 }, ready: true, position, filter: 'all', staff: false });
  renders.push(`${position.page}:${status}`);
  return null;
}
const show = (page: number) => act(() => mount.root.render(<Probe position={{ page, order: 'asc' }} />));
const answer = () =>
  act(async () => {
    answers.at(-1)!({ result: [], total: 40 });
    await Promise.resolve();
  });

describe('useTimeline', () => {
  beforeEach(() => {
    answers = [];
    renders = [];
  });

  it("is loading from the first render of another page on: the last page's 'ready' is not the new one's", async () => {
    await show(1);
    await answer();
    expect(renders.at(-1)).toBe('1:ready');
    renders = [];
    await show(2);
    expect(renders).not.toContain('2:ready');
    await answer();
    expect(renders.at(-1)).toBe('2:ready');
  });
});
