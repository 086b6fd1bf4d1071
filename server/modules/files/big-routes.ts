import type { Response } from 'express';
import { completeUploadBody, uploadBigFileBody } from '@shared/schemas/files';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { filePolicy } from './policy';
import { cancelSession, openSession, putChunk, sessionStatus, statusOf } from './sessions';
import { downloadPath } from './present';
import { completeDirect } from './direct-complete';
import type { FileRow } from '@server/db/schema';

/** A finished session's file, as the last chunk answers it. */
const finished = (f: FileRow) => ok('upload.success', { name: f.name, originalName: f.originalName, size: f.size, mimeType: f.mimeType, state: f.state, downloadURL: downloadPath(f.name) });

const TAG = 'Files';
/** The session id of the path, as sent: the session service answers "not found" for anything that is not one. */
const idOf = (params: Record<string, unknown>) => (typeof params.id === 'string' ? params.id : '');

/** A session answer: the envelope, with Graph's fields also at the top level (what upload-session clients read). */
function sessionReply(res: Response, status: number, code: string, state: ReturnType<typeof statusOf>) {
  res.status(status).json({ success: 1, code, data: state, ...state });
  return ok(code);
}

export const bigFileRoutes: AnyRoute[] = [
  defineRoute({
    method: 'post',
    path: '/service/uploadBigFile',
    tag: TAG,
    summary:
      'Open a big-file upload session (Microsoft Graph semantics): the quota is taken for `size` at once; send the file to `uploadUrl` in `PUT` chunks of at most 10 MiB with `Content-Range: bytes a-b/total`. The session expires after 2 hours without a chunk. `name` (optional) is the file\'s own name, kept as the raw PUT keeps it. Where the site keeps its files in an object store, `direct` also offers to send the bytes there (a presigned POST, or presigned multipart parts), then to finish at `direct.completeUrl`; `uploadUrl` works all the same.',
    area: 'upload',
    auth: 'required',
    policy: filePolicy.upload,
    userLimit: filePolicy.uploadLimit,
    body: uploadBigFileBody,
    success: { code: 'upload.session' },
    errors: ['upload.bad', 'upload.unsupport', 'upload.tooLarge', 'upload.exceedQuota', 'user.permissionDenied', 'request.rateLimited'],
    handler: async ({ body, user, services }) => ok('upload.session', await openSession(services, user, body.data.size, body.data.mimeType, body.data.name ?? null)),
  }),
  defineRoute({
    method: 'put',
    path: '/service/uploadSession/:id',
    tag: TAG,
    summary:
      'Send one chunk of a big-file session (the secret URL is the capability, no token): `202 {nextExpectedRanges}` until the last chunk, then `201 upload.success` with the file. A chunk that does not start at the next expected byte gets `416`; an expired session `404`.',
    area: 'upload',
    auth: 'none',
    policy: filePolicy.session,
    success: { code: 'upload.success', status: 201 },
    errors: ['upload.bad', 'upload.badRange', 'upload.sessionNotFound', 'upload.unsupport', 'upload.tooLarge'],
    handler: async ({ req, res, services }) => {
      const result = await putChunk(services, idOf(req.params), req, { range: req.headers['content-range'], length: req.headers['content-length'] });
      if (!result.done) return sessionReply(res, 202, 'upload.accepted', result.status);
      return finished(result.file);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/service/uploadSession/:id/complete',
    tag: TAG,
    summary:
      'Finish a big-file session whose bytes went straight to the object store (the `direct` offer of the answer that opened it; the secret URL is the capability, no token): `parts` lists the multipart upload\'s part numbers with the ETag the store answered for each (none for a presigned POST). The file is checked as any upload (exact size, type from the bytes) and answered as the last chunk is (`201 upload.success`). Before the bytes arrived: `400 upload.bad` and the session stays open.',
    area: 'upload',
    auth: 'none',
    policy: filePolicy.session,
    body: completeUploadBody,
    success: { code: 'upload.success', status: 201 },
    errors: ['upload.bad', 'upload.sessionNotFound', 'upload.unsupport', 'upload.tooLarge', 'upload.error'],
    handler: async ({ req, body, services }) => finished(await completeDirect(services, idOf(req.params), body.data.parts)),
  }),
  defineRoute({
    method: 'get',
    path: '/service/uploadSession/:id',
    tag: TAG,
    summary: 'What a big-file session has received (`nextExpectedRanges`), so a client resumes after a dropped connection.',
    area: 'upload',
    auth: 'none',
    policy: filePolicy.session,
    success: { code: 'upload.session' },
    errors: ['upload.sessionNotFound'],
    handler: async ({ req, res, services }) => sessionReply(res, 200, 'upload.session', await sessionStatus(services, idOf(req.params))),
  }),
  defineRoute({
    method: 'delete',
    path: '/service/uploadSession/:id',
    tag: TAG,
    summary: 'Cancel a big-file session: what was received is removed and the quota given back.',
    area: 'upload',
    auth: 'none',
    policy: filePolicy.session,
    success: { code: 'upload.cancelled' },
    errors: ['upload.sessionNotFound'],
    handler: async ({ req, services }) => {
      await cancelSession(services, idOf(req.params));
      return ok('upload.cancelled');
    },
  }),
];
