import type { Request, Response } from 'express';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import type { FileRow } from '@server/db/schema';
import type { Variant } from '@server/infra/storage';
import { PRIVATE } from '@server/http/cache-control';

const gone = () => new AppError('file.notFound', 'the file is gone from storage');

/**
 * Sends a stored file (or its variant), wherever it is: from the local disk as it always was
 * (Express's sendFile: ranges, conditional requests); from an object store by a redirect to a
 * signed link (or the public one, S3_PUBLIC_URL, for media) or, with S3_SERVE=proxy, streamed
 * through this server with the Range the browser asked for.
 */
export async function sendStored(services: Services, req: Request, res: Response, row: FileRow, variant: Variant | undefined, media: boolean) {
  const { storage } = services;
  const contentType = variant ? 'image/webp' : row.mimeType;
  const attachment = media ? undefined : row.name;
  if (storage.serving?.mode === 'redirect') {
    const link = await storage.serving.link(row.name, variant, { unsigned: media, contentType, attachment });
    // A signed link expires: the redirect is kept no longer than the link lives (and privately when it was asked for with a token).
    if (res.getHeader('Cache-Control') !== PRIVATE) res.setHeader('Cache-Control', `public, max-age=${link.maxAge}${link.maxAge >= 86400 ? ', immutable' : ''}`);
    res.redirect(302, link.url);
    return;
  }
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (attachment) res.setHeader('Content-Disposition', `attachment; filename="${attachment}"`);
  if (storage.serving) {
    const range = typeof req.headers.range === 'string' && /^bytes=\d*-\d*$/.test(req.headers.range) ? req.headers.range : undefined;
    const got = await storage.serving.get(row.name, variant, range);
    if (!got) throw gone();
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Content-Length', String(got.length));
    if (range && got.contentRange) {
      res.status(206);
      res.setHeader('Content-Range', got.contentRange);
    }
    await new Promise<void>((resolve) => {
      got.body.once('error', (err) => {
        services.log.warn({ err }, 'a stored file ended early');
        res.destroy();
        resolve();
      });
      res.once('close', resolve);
      got.body.pipe(res);
    });
    return;
  }
  const copy = await storage.localCopy(row.name, variant);
  if (!copy) throw gone();
  await new Promise<void>((resolve, reject) => res.sendFile(copy.path, { dotfiles: 'allow' }, (err) => (err ? reject(err) : resolve())));
}
