import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded with the first image a node checks or renders rather than at start (a node that
 * never sees one saves about 7 MB resident), and set up once for every use: image work is
 * CPU-bound, so libvips gets one thread per job and the queue runs two jobs (2 cores); no
 * decoded-image cache, so memory stays flat under load.
 */
export const loadSharp = () =>
  (loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
