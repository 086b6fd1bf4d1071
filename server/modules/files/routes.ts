import { avatarBody, fileDeleteBody, fileDeleteQuery, fileNameQuery, fileQuery, myFilesQuery, allFilesBody } from '@shared/schemas/files';
import { rules } from '@shared/policy';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import type { FileRow } from '@server/db/schema';
import { filePolicy } from './policy';
import { LIMITS } from '@shared/limits';
import { acceptUpload, declaredLength, fileByName, MAX_UPLOAD_BYTES, MEDIA_KINDS, processedFile, receiveRaw } from './service';
import { receiveMultipart, FILE_FIELD } from './multipart';
import { nameFromDisposition } from './original-name';
import { downloadPath, presentFile, presentQuota } from './present';
import { deleteFile, listFiles } from './library';
import { quotaLimitsFor, quotaUsage } from './quota';
import { bigFileRoutes } from './big-routes';
import { chooseAvatar } from './avatar';
import { notCopiedOrigin } from './imported';
import { NO_STORE } from '@server/http/cache-control';
import { sendStored } from './serve';

const TAG = 'Files';
const isMedia = (mimeType: string) => mimeType.startsWith('image/') || mimeType.startsWith('video/');
/** Room for the multipart envelope around the file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD = 16 * 1024;

/** The answer to an upload: the original's `{name, size}`, and what the widget needs. */
const uploaded = (row: FileRow) =>
  ok('upload.success', {
    name: row.name,
    originalName: row.originalName,
    size: row.size,
    mimeType: row.mimeType,
    state: row.state,
    downloadURL: downloadPath(row.name),
    ...(row.mimeType === 'application/zip' ? { hasMossLog: !!row.details.hasMossLog } : {}),
  });

const UPLOAD_ERRORS = ['upload.bad', 'upload.unsupport', 'upload.tooLarge', 'upload.exceedQuota', 'user.permissionDenied', 'request.rateLimited'];

export const fileRoutes: AnyRoute[] = [
  defineRoute({
    method: 'put',
    path: '/service/upload',
    tag: TAG,
    summary:
      'Upload one file as the raw request body with its Content-Length: a gif/jpeg/png/webp image (2 MiB), a webm/ogg/mp4 video (30 MiB) or a zip archive (16 MiB; e.g. a MOSS self-certification, read on the server without unpacking). The type is read from the bytes. Images are `processing` until their job ends (`file.updated` on the user room). The file\'s own name (shown in the media library, optional) goes in `Content-Disposition: attachment; filename*=UTF-8\'\'<percent-encoded name>` (RFC 6266; a plain `filename="…"` is read too): the last path segment is kept, without control characters, NFC, at most 255 characters (longer: 400 `upload.bad`).',
    area: 'upload',
    auth: 'required',
    policy: filePolicy.upload,
    userLimit: filePolicy.uploadLimit,
    success: { code: 'upload.success', status: 201 },
    errors: UPLOAD_ERRORS,
    handler: async ({ req, user, services }) => {
      const expected = declaredLength(req.headers['content-length'], MAX_UPLOAD_BYTES);
      const originalName = nameFromDisposition(req.headers['content-disposition']);
      return uploaded(await acceptUpload(services, user, expected, async () => ({ ...(await receiveRaw(services, req, expected)), originalName })));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/service/upload',
    tag: TAG,
    summary: `Upload one image or video as \`multipart/form-data\` (field \`${FILE_FIELD}\`), for browsers: same limits, quota and answer as the raw PUT; archives are taken by the raw PUT only. The part\'s filename is kept as the file\'s own name (as for the raw PUT).`,
    area: 'upload',
    auth: 'required',
    policy: filePolicy.upload,
    userLimit: filePolicy.uploadLimit,
    success: { code: 'upload.success', status: 201 },
    errors: UPLOAD_ERRORS,
    handler: async ({ req, res, user, services }) => {
      const expected = declaredLength(req.headers['content-length'], LIMITS.uploadVideoBytes + MULTIPART_OVERHEAD);
      return uploaded(await acceptUpload(services, user, expected, () => receiveMultipart(services, req, res, LIMITS.uploadVideoBytes), MEDIA_KINDS));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/service/file',
    tag: TAG,
    summary:
      'Download an uploaded file once it is ready (`size=thumb`: the 320 px thumbnail, `size=avatar`: 150 px; `explain=true`: its details instead, state included). Images and videos are public; archives (appeal attachments) need a signed-in user. Where the site keeps its files in an object store, the answer may be a `302` to the file there (a signed link, valid at least an hour).',
    area: 'file',
    auth: 'optional',
    policy: rules.anyone,
    query: fileQuery,
    // Media are public and never change under their name; archives are read with a token, so privately.
    cache: { maxAge: 86400, immutable: true },
    success: { code: 'file.ok' },
    errors: ['file.notFound', 'file.notCopied', 'user.permissionDenied'],
    handler: async ({ query, user, req, res, services }) => {
      const row = await fileByName(services.db, query.filename);
      if (!row) throw new AppError('file.notFound');
      if (!isMedia(row.mimeType) && !user) throw new AppError('user.permissionDenied', 'sign in to see appeal attachments');
      if (query.explain) return ok('file.ok', { filename: row.name, size: row.size, mimeType: row.mimeType, downloadURL: downloadPath(row.name), state: row.state, reason: row.reason }, { cache: null });
      const origin = notCopiedOrigin(row.details);
      if (origin?.url) {
        // Until the operator copies the bytes in (`import-bfban --files`), the file is where it was: not kept by caches, it moves here later.
        res.setHeader('Cache-Control', NO_STORE);
        res.redirect(302, origin.url);
        return ok('file.ok');
      }
      if (origin) throw new AppError('file.notCopied', 'this file came from the old site without its bytes: they have not been copied here yet');
      const done = await processedFile(services.db, row);
      if (!done) throw new AppError('file.notFound');
      if (done.state !== 'ready') throw new AppError('file.notFound', done.state === 'processing' ? 'the file is still being processed' : 'the file could not be processed');
      const variant = row.kind === 'image' ? query.size : undefined;
      if (query.size && !variant) throw new AppError('file.notFound', 'only images have other sizes');
      if (variant && !done.details.variants?.[variant]) throw new AppError('file.notFound', 'this image has no such size');
      await sendStored(services, req, res, done, variant, isMedia(done.mimeType));
      return ok('file.ok');
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/service/file',
    tag: TAG,
    summary: 'Delete a file: its owner, or super/root/dev. Its storage goes back to the owner\'s quota.',
    area: 'file',
    auth: 'required',
    policy: filePolicy.remove,
    query: fileDeleteQuery,
    body: fileDeleteBody,
    success: { code: 'file.deleted' },
    errors: ['file.bad', 'file.notFound', 'user.permissionDenied'],
    handler: async ({ query, body, user, services }) => {
      const filename = query.filename ?? body.filename;
      if (!filename) throw new AppError('file.bad', [{ param: 'filename', msg: 'Required', location: 'query', value: undefined }], 400);
      return ok('file.deleted', await deleteFile(services, user, filename));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/service/myFiles',
    tag: TAG,
    summary:
      'The media library: the signed-in account\'s files, newest first (40 a page), with states, thumbnails and their own names (`originalName`, null when the upload gave none); `name` keeps files whose own name contains it (any case), `kind` one kind (image, video, archive); `total` (of the matching files) beside `data`.',
    area: 'myFiles',
    auth: 'required',
    policy: filePolicy.own,
    query: myFilesQuery,
    success: { code: 'myFiles.ok' },
    handler: async ({ query, user, services }) => {
      const { data, total } = await listFiles(services, { userId: user.id, name: query.name, kind: query.kind, skip: query.skip, limit: query.limit });
      return ok('myFiles.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/service/myStorageQuota',
    tag: TAG,
    summary: 'The signed-in account\'s media quota: max files a day, max file size, daily traffic and storage limits, and what is used of them today, with the time the daily counters start again.',
    area: 'quota',
    auth: 'required',
    policy: filePolicy.own,
    success: { code: 'quota.ok' },
    handler: async ({ user, services }) => ok('quota.ok', presentQuota(quotaLimitsFor(user.privileges), await quotaUsage(services.db, user.id))),
  }),
  defineRoute({
    method: 'post',
    path: '/service/files',
    tag: TAG,
    summary: 'Every uploaded file, newest first, filtered by owner (`userId`), own name (`name`, contained, any case), kind and state (root, dev); `total` beside `data`.',
    area: 'files',
    auth: 'required',
    policy: filePolicy.all,
    readsByPost: true,
    body: allFilesBody,
    success: { code: 'files.ok' },
    handler: async ({ body, services }) => {
      const { data, total } = await listFiles(services, body.data);
      return ok('files.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/user/avatar',
    tag: TAG,
    summary: 'Choose the account\'s avatar: one of its own images once processed (`filename`; its 150 px size is shown across the site), or `null` for the default one.',
    area: 'avatar',
    auth: 'required',
    policy: filePolicy.avatar,
    body: avatarBody,
    success: { code: 'avatar.success' },
    errors: ['avatar.bad', 'file.notFound', 'user.permissionDenined'],
    handler: async ({ body, user, services }) => ok('avatar.success', await chooseAvatar(services, user, body.data.filename)),
  }),
  ...bigFileRoutes,
];
