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

describe('UploadControl', () => {
  it('pausing aborts the chunk in flight and holds the next one until resumed', async () => {
    const { UploadControl } = await import('./media');
    const control = new UploadControl();
    const signal = control.chunkSignal();
    expect(signal.aborted).toBe(false);
    control.pause();
    expect(signal.aborted).toBe(true);
    let goneOn = false;
    const waiting = control.whilePaused().then(() => (goneOn = true));
    await Promise.resolve();
    expect(goneOn).toBe(false);
    control.resume();
    await waiting;
    expect(goneOn).toBe(true);
  });

  it('a cancel of the whole upload aborts the chunk too', async () => {
    const { UploadControl } = await import('./media');
    const cancel = new AbortController();
    const signal = new UploadControl().chunkSignal(cancel.signal);
    cancel.abort();
    expect(signal.aborted).toBe(true);
  });
});
