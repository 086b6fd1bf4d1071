import { rules } from '@shared/policy';
import fs from 'node:fs';
import { fileQuery } from '@shared/schemas/files';
import { LIMITS } from '@shared/limits';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/http/errors';
import { filePolicy } from './policy';
import { downloadPath, fileByName, readRawBody, saveUpload } from './service';
import { filePath } from './storage';

const TAG = 'Files';
const isImage = (mimeType: string) => mimeType.startsWith('image/');

export const fileRoutes: AnyRoute[] = [
  defineRoute({
    method: 'put',
    path: '/service/upload',
    tag: TAG,
    summary:
      'Upload one file as the raw request body: a zip archive (e.g. a MOSS self-certification, read on the server without unpacking) or a png/jpeg/gif/webp image. The type is read from the bytes.',
    area: 'upload',
    auth: 'required',
    policy: filePolicy.upload,
    userLimit: filePolicy.uploadLimit,
    success: { code: 'upload.success', status: 201 },
    errors: ['upload.bad', 'upload.unsupport', 'upload.tooLarge', 'user.permissionDenied', 'request.rateLimited'],
    handler: async ({ req, user, services }) => {
      const bytes = await readRawBody(req, Math.max(LIMITS.uploadZipBytes, LIMITS.uploadImageBytes));
      const row = await saveUpload(services, user, bytes);
      return ok('upload.success', { name: row.name, size: row.size, mimeType: row.mimeType, downloadURL: downloadPath(row.name), ...(row.mimeType === 'application/zip' ? { hasMossLog: !!row.details.hasMossLog } : {}) });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/service/file',
    tag: TAG,
    summary: 'Download an uploaded file (`explain=true`: its details instead). Images are public; archives (appeal attachments) need a signed-in user.',
    area: 'file',
    auth: 'optional',
    policy: rules.anyone,
    query: fileQuery,
    success: { code: 'file.ok' },
    errors: ['file.notFound', 'user.permissionDenied'],
    handler: async ({ query, user, res, services }) => {
      const row = await fileByName(services.db, query.filename);
      if (!row) throw new AppError('file.notFound');
      if (!isImage(row.mimeType) && !user) throw new AppError('user.permissionDenied', 'sign in to see appeal attachments');
      if (query.explain) return ok('file.ok', { filename: row.name, size: row.size, mimeType: row.mimeType, downloadURL: downloadPath(row.name) });
      const at = filePath(services.config.uploadDir, row.name);
      if (!fs.existsSync(at)) throw new AppError('file.notFound', 'the file is gone from storage');
      res.setHeader('Content-Type', row.mimeType);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', isImage(row.mimeType) ? 'public, max-age=86400, immutable' : 'private, no-store');
      if (!isImage(row.mimeType)) res.setHeader('Content-Disposition', `attachment; filename="${row.name}"`);
      await new Promise<void>((resolve, reject) => res.sendFile(at, (err) => (err ? reject(err) : resolve())));
      return ok('file.ok');
    },
  }),
];
