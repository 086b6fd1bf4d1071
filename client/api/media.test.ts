import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/limits';
import { nextChunk, receivedOf } from './media';

describe('big-file chunks', () => {
  it('cuts 10 MiB chunks from the first byte the server lacks, the last one shorter', () => {
    const size = 25 * 1024 * 1024;
    expect(nextChunk(0, size)).toEqual({ first: 0, last: LIMITS.uploadChunkBytes - 1, range: `bytes 0-${LIMITS.uploadChunkBytes - 1}/${size}` });
    expect(nextChunk(2 * LIMITS.uploadChunkBytes, size)).toMatchObject({ first: 2 * LIMITS.uploadChunkBytes, last: size - 1 });
    expect(nextChunk(0, 100)).toMatchObject({ range: 'bytes 0-99/100' });
  });

  it('reads where to go on from nextExpectedRanges', () => {
    expect(receivedOf(['6291456-'])).toBe(6291456);
    expect(receivedOf(undefined)).toBe(0);
  });
});
