import path from 'node:path';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import type { Received } from './service';
import { storageFault } from '../../infra/storage';
import { checkedFileName } from './original-name';

/** The form field that carries the file. */
export const FILE_FIELD = 'file';

/**
 * Receives a `multipart/form-data` upload with multer's disk storage: the file streams into a
 * temporary file of the storage (never whole in memory); multer removes it when the request fails.
 * The type and its own limit are checked afterwards by the upload service, from the bytes; the
 * part's filename is checked before any byte is written, and kept as the file's own name.
 */
export function receiveMultipart(services: Services, req: Request, res: Response, maxBytes: number): Promise<Received> {
  let originalName: string | null = null;
  const upload = multer({
    // Browsers send the filename's UTF-8 bytes as they are (busboy's default reads them as Latin-1).
    defParamCharset: 'utf8',
    fileFilter: (_req, file, cb) => {
      try {
        originalName = checkedFileName(file.originalname, 'the file part\'s filename');
        cb(null, true);
      } catch (e) {
        cb(e as Error);
      }
    },
    storage: multer.diskStorage({
      destination: (_req, _file, cb) => cb(null, path.dirname(services.storage.tempPath())),
      filename: (_req, _file, cb) => cb(null, path.basename(services.storage.tempPath())),
    }),
    limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
  }).single(FILE_FIELD);
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        return reject(err.code === 'LIMIT_FILE_SIZE' ? new AppError('upload.tooLarge', `at most ${maxBytes} bytes`) : new AppError('upload.bad', `${err.message} (${err.field ?? FILE_FIELD})`));
      }
      if (err) return reject(err instanceof AppError ? err : (storageFault(err) ?? new AppError('upload.bad', 'the upload was interrupted or malformed')));
      if (!req.file) return reject(new AppError('upload.bad', `send the file in the form field "${FILE_FIELD}"`));
      resolve({ temp: req.file.path, size: req.file.size, originalName });
    });
  });
}
