import { describe, expect, it } from 'vitest';
import { createUsageCounts, type UsageLine } from './usage-counts';

const AT = Date.UTC(2026, 11, 6, 12);
const line = { keyId: 7, applicationId: 3, endpoint: 'GET /player' };

describe('usage counted in memory', () => {
  it('adds up the requests of a key, day and endpoint into one line per flush', async () => {
    const stored: UsageLine[][] = [];
    const counts = createUsageCounts(async (lines) => void stored.push(lines), 60_000, () => undefined);
    counts.add(line, false, AT);
    counts.add(line, false, AT + 1000);
    counts.add({ ...line, endpoint: 'POST /player/report' }, true, AT);
    counts.add(line, false, AT + 86_400_000);
    await counts.flush();
    await counts.flush();
    expect(stored).toEqual([
      [
        { ...line, day: '2026-12-06', requests: 2, writes: 0 },
        { ...line, endpoint: 'POST /player/report', day: '2026-12-06', requests: 1, writes: 1 },
        { ...line, day: '2026-12-07', requests: 1, writes: 0 },
      ],
    ]);
    await counts.close();
  });
});
