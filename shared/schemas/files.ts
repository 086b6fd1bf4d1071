import { z } from 'zod';
import { LIMITS } from '../limits';
import { cleanFileName } from '../file-name';
import { boolParam, epochMs, idParam, limitParam, skipParam } from './common';

const filename = z.string().min(1).max(80);

/**
 * The file's own name as its client sent it (multipart filename, Content-Disposition of the raw
 * PUT, a big-file session's `name`), cleaned by `cleanFileName`; at most `fileNameMax` characters
 * once cleaned. Optional everywhere: null when the client gave none (or nothing usable).
 */
export const originalFileName = z
  .string()
  .transform(cleanFileName)
  .pipe(z.string().max(LIMITS.fileNameMax, `a file name has at most ${LIMITS.fileNameMax} characters`))
  .transform((v) => v || null);

/** The library's name filter: files whose own name contains it (any case); blank means no filter. */
const nameFilter = z
  .string()
  .max(LIMITS.fileNameMax)
  .transform((v) => v.normalize('NFC').trim() || undefined);

/** `size`: a processed image's thumbnail (320 px) or avatar (150 px) instead of the file. */
export const fileQuery = z.object({ filename, explain: boolParam.optional(), size: z.enum(['thumb', 'avatar']).optional() });

export const fileNameQuery = z.object({ filename });

/** `DELETE /service/file`: the name in the query, or in a JSON body, as the original's staff page sends it. */
export const fileDeleteQuery = z.object({ filename: filename.optional() });
export const fileDeleteBody = z.object({ filename: filename.optional() });

export const fileKinds = ['image', 'video', 'archive'] as const;
const kinds = z.enum(fileKinds);
const states = z.enum(['processing', 'ready', 'failed']);

/** The media library: a page of one's files, by name (contained, any case) and kind. */
export const myFilesQuery = z.object({ name: nameFilter.optional(), kind: kinds.optional(), skip: skipParam, limit: limitParam(LIMITS.mediaPageMax, LIMITS.mediaPage) });

/** Staff (root/dev) list of every file: by owner, own name (contained, any case), kind, state and upload time (epoch ms, both ends included). */
export const allFilesBody = z.object({
  data: z
    .object({
      userId: idParam.optional(),
      name: nameFilter.optional(),
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
  data: z.object({ size: z.coerce.number().int().positive().max(LIMITS.bigUploadMaxBytes), mimeType: z.enum(bigFileMimeTypes), name: originalFileName.optional() }),
});

/**
 * Finishing a big-file session whose bytes went straight to the object store: for a multipart
 * upload, the part numbers and the ETags the store answered for them.
 */
export const completeUploadBody = z.object({
  data: z
    .object({
      parts: z
        .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().min(1).max(200) }))
        .max(10_000)
        .optional(),
    })
    .default({}),
});
