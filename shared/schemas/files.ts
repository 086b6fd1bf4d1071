import { z } from 'zod';
import { LIMITS } from '../limits';
import { boolParam, epochMs, idParam, limitParam, skipParam } from './common';

const filename = z.string().min(1).max(80);

/** `size`: a processed image's thumbnail (320 px) or avatar (150 px) instead of the file. */
export const fileQuery = z.object({ filename, explain: boolParam.optional(), size: z.enum(['thumb', 'avatar']).optional() });

export const fileNameQuery = z.object({ filename });

export const myFilesQuery = z.object({ skip: skipParam, limit: limitParam(LIMITS.mediaPageMax, LIMITS.mediaPage) });

const kinds = z.enum(['image', 'video', 'archive']);
const states = z.enum(['processing', 'ready', 'failed']);

/** Staff (root/dev) list of every file: by owner, kind, state and upload time (epoch ms, both ends included). */
export const allFilesBody = z.object({
  data: z
    .object({
      userId: idParam.optional(),
      kind: kinds.optional(),
      state: states.optional(),
      createTimeFrom: epochMs.optional(),
      createTimeTo: epochMs.optional(),
      skip: skipParam,
      limit: limitParam(LIMITS.mediaPageMax, LIMITS.mediaPage),
    })
    .default({ skip: 0, limit: LIMITS.mediaPage }),
});

/** Choosing an avatar: one of one's own processed images, or null for the default one. */
export const avatarBody = z.object({ data: z.object({ filename: filename.nullable() }) });

/** Types a big-file session may announce. */
export const bigFileMimeTypes = ['image/gif', 'image/jpeg', 'image/png', 'image/webp', 'video/webm', 'video/ogg', 'video/mp4', 'application/zip'] as const;

export const uploadBigFileBody = z.object({
  data: z.object({ size: z.coerce.number().int().positive().max(LIMITS.bigUploadMaxBytes), mimeType: z.enum(bigFileMimeTypes) }),
});
