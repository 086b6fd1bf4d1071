import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client as S3ClientType } from '@aws-sdk/client-s3';
import { AppError } from '@server/app-error';
import { contentTypeOf, StorageUnavailable, VARIANTS, writeExactly, type ChunkStore, type Storage, type Variant } from './storage';
import type { S3Direct, S3Serving } from './storage-remote';

/** STORAGE=s3 and its S3_* settings (server/config.ts; docs/operations.md#storage-backends). */
export interface S3Settings {
  /** Unset for AWS itself; the store's address otherwise (MinIO, Ceph RGW, R2, …). */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** Where the bucket's objects are public (a CDN or a public bucket): media are linked there unsigned. */
  publicUrl?: string;
  /** Keys start with this (several sites in one bucket). */
  prefix: string;
  /** `redirect`: downloads go to the store (a signed or public link); `proxy`: this server streams them. */
  serve: 'redirect' | 'proxy';
  /** Browsers upload big-file sessions straight to the store (the bucket needs CORS for the site). */
  directUploads: boolean;
}

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NotFound' || err?.name === 'NoSuchKey' || err?.name === 'NoSuchUpload' || err?.$metadata?.httpStatusCode === 404;
};

/** Store operations keep their SDK error's message, but are told apart from refusals of the upload. */
async function store<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError || e instanceof StorageUnavailable) throw e;
    throw new StorageUnavailable(what, e);
  }
}

/** Signed links are made for the current hour and valid for two: the same link all hour long, so browsers keep the bytes they fetched. */
const LINK_WINDOW_S = 3600;

/**
 * The object-store backend. The AWS SDK is loaded here, on first use, and not where the module is
 * imported: a site on the local disk never loads it (about 20 MB resident, 0.2 s), bundled or not.
 */
export async function s3Storage(settings: S3Settings, tmpDir: string): Promise<Storage> {
  const [sdk, { getSignedUrl }, { createPresignedPost }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner'), import('@aws-sdk/s3-presigned-post')]);
  fs.mkdirSync(tmpDir, { recursive: true });
  const client: S3ClientType = new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const keyOf = (name: string, variant?: Variant) => `${settings.prefix}${variant ? `variants/${name}.${variant}.webp` : `files/${name}`}`;
  const incomingKey = (id: string) => `${settings.prefix}incoming/${id}`;
  const partKey = (id: string, first: number) => `${settings.prefix}parts/${id}/${first}`;
  const sessionKey = (id: string) => `${settings.prefix}sessions/${id}.json`;
  const tempPath = () => path.join(tmpDir, `${crypto.randomUUID()}.part`);
  const discard = async (p: string) => {
    await fsp.rm(p, { force: true });
  };
  const del = (Key: string) => store('remove an object', () => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
  const head = async (Key: string) => {
    try {
      return await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
    } catch (e) {
      if (isMissing(e)) return null;
      throw new StorageUnavailable('read an object', e);
    }
  };
  const get = async (Key: string, extra: { Range?: string; IfMatch?: string } = {}) => {
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket, Key, ...extra }));
    } catch (e) {
      if (isMissing(e)) return null;
      throw new StorageUnavailable('read an object', e);
    }
  };
  const putFile = async (temp: string, Key: string, ContentType: string) => {
    const { size } = await fsp.stat(temp);
    await store('store a file', () => client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: fs.createReadStream(temp), ContentLength: size, ContentType })));
  };
  const downloadTo = async (body: Readable, file: string) => {
    try {
      await pipeline(body, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (e) {
      await discard(file);
      throw new StorageUnavailable('read an object', e);
    }
  };

  // Chunks sent through the server, one object each under the session, keyed by their first byte:
  // any node takes the next one, and the last walks them in order.
  const chunks: ChunkStore = {
    open: async () => {},
    async put(id, first, body, length) {
      const temp = tempPath();
      try {
        await writeExactly(body, fs.createWriteStream(temp, { flags: 'wx' }), length);
        await putFile(temp, partKey(id, first), 'application/octet-stream');
      } finally {
        await discard(temp);
      }
    },
    async assemble(id, size) {
      const temp = tempPath();
      const out = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        for (let at = 0; at < size; ) {
          const part = await get(partKey(id, at));
          if (!part?.Body || !part.ContentLength) throw new AppError('upload.bad', `the chunk at byte ${at} is missing from the storage`);
          await pipeline(part.Body as Readable, out, { end: false });
          at += part.ContentLength;
          if (at > size) throw new AppError('upload.bad', 'the chunks kept are longer than the file');
        }
        out.end();
        await new Promise<void>((resolve, reject) => out.once('close', resolve).once('error', reject));
        return temp;
      } catch (e) {
        out.destroy();
        await discard(temp);
        throw e;
      }
    },
    async drop(id) {
      for (let at = 0; ; ) {
        const found = await head(partKey(id, at));
        if (!found?.ContentLength) return;
        await del(partKey(id, at));
        at += found.ContentLength;
      }
    },
  };

  const serving: S3Serving = {
    mode: settings.serve,
    async link(name, variant, opts) {
      const Key = keyOf(name, variant);
      if (opts.unsigned && settings.publicUrl) return { url: `${settings.publicUrl}/${Key}`, maxAge: 86400 };
      const now = Math.floor(Date.now() / 1000);
      const signedAt = now - (now % LINK_WINDOW_S);
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key,
        ResponseContentType: opts.contentType,
        ...(opts.attachment ? { ResponseContentDisposition: `attachment; filename="${opts.attachment}"` } : {}),
      });
      const url = await getSignedUrl(client, command, { expiresIn: 2 * LINK_WINDOW_S, signingDate: new Date(signedAt * 1000) });
      return { url, maxAge: signedAt + 2 * LINK_WINDOW_S - now - 60 };
    },
    async get(name, variant, range) {
      const found = await get(keyOf(name, variant), range ? { Range: range } : {});
      if (!found?.Body) return null;
      return { body: found.Body as Readable, length: found.ContentLength ?? 0, contentRange: found.ContentRange };
    },
  };

  const direct: S3Direct = {
    async post(id, size, mimeType, ttlMs) {
      return store('sign an upload', () =>
        createPresignedPost(client, {
          Bucket,
          Key: incomingKey(id),
          Conditions: [['content-length-range', size, size], ['eq', '$Content-Type', mimeType]],
          Fields: { 'Content-Type': mimeType },
          Expires: Math.floor(ttlMs / 1000),
        }),
      );
    },
    async multipart(id, size, mimeType, partBytes, ttlMs) {
      const Key = incomingKey(id);
      const started = await store('start an upload', () => client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key, ContentType: mimeType })));
      const UploadId = started.UploadId!;
      await store('start an upload', () => client.send(new sdk.PutObjectCommand({ Bucket, Key: sessionKey(id), Body: JSON.stringify({ uploadId: UploadId }), ContentType: 'application/json' })));
      const count = Math.ceil(size / partBytes);
      const parts = await Promise.all(
        Array.from({ length: count }, async (_, i) => ({
          partNumber: i + 1,
          url: await getSignedUrl(client, new sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1 }), { expiresIn: Math.floor(ttlMs / 1000) }),
        })),
      );
      return { partBytes, parts };
    },
    async finish(id, parts) {
      const kept = await get(sessionKey(id));
      if (kept?.Body) {
        const { uploadId } = JSON.parse(await kept.Body.transformToString()) as { uploadId: string };
        if (!parts?.length) throw new AppError('upload.bad', 'send the parts uploaded (partNumber and ETag of each)');
        try {
          await client.send(
            new sdk.CompleteMultipartUploadCommand({ Bucket, Key: incomingKey(id), UploadId: uploadId, MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) } }),
          );
        } catch (e) {
          const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
          // InvalidPart, InvalidPartOrder, EntityTooSmall: what the browser said it sent is not what arrived.
          if (status === 400) throw new AppError('upload.bad', `the store refused the parts: ${(e as Error).message}`);
          if (!isMissing(e)) throw new StorageUnavailable('complete an upload', e);
        }
        await del(sessionKey(id));
      }
      const found = await head(incomingKey(id));
      return found?.ETag ? { size: found.ContentLength ?? 0, etag: found.ETag } : null;
    },
    async head(id, got, bytes) {
      const found = await get(incomingKey(id), { Range: `bytes=0-${bytes - 1}`, IfMatch: got.etag });
      if (!found?.Body) throw new AppError('upload.bad', 'the uploaded object is gone');
      return Buffer.from(await found.Body.transformToByteArray());
    },
    async download(id, got) {
      const found = await get(incomingKey(id), { IfMatch: got.etag });
      if (!found?.Body) throw new AppError('upload.bad', 'the uploaded object is gone');
      const temp = tempPath();
      await downloadTo(found.Body as Readable, temp);
      return temp;
    },
    async adopt(id, got, name) {
      await store('store a file', () =>
        client.send(
          new sdk.CopyObjectCommand({
            Bucket,
            Key: keyOf(name),
            CopySource: encodeURI(`${Bucket}/${incomingKey(id)}`),
            CopySourceIfMatch: got.etag,
            MetadataDirective: 'REPLACE',
            ContentType: contentTypeOf(name),
          }),
        ),
      );
      await del(incomingKey(id));
    },
    async drop(id) {
      const kept = await get(sessionKey(id));
      if (kept?.Body) {
        const { uploadId } = JSON.parse(await kept.Body.transformToString()) as { uploadId: string };
        // Best effort: a store that refuses or lacks AbortMultipartUpload drops the parts by the
        // bucket's lifecycle rule for unfinished uploads (docs/operations.md#storage-backends).
        await client.send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: incomingKey(id), UploadId: uploadId })).catch(() => undefined);
        await del(sessionKey(id));
      }
      await del(incomingKey(id));
    },
  };

  return {
    kind: 's3',
    tempPath,
    async commit(temp, name, variant) {
      await putFile(temp, keyOf(name, variant), contentTypeOf(name, variant));
      await discard(temp);
    },
    async write(name, bytes) {
      await store('store a file', () => client.send(new sdk.PutObjectCommand({ Bucket, Key: keyOf(name), Body: bytes, ContentType: contentTypeOf(name) })));
    },
    async stat(name, variant) {
      const found = await head(keyOf(name, variant));
      return found ? { size: found.ContentLength ?? 0 } : null;
    },
    async read(name, variant) {
      const found = await get(keyOf(name, variant));
      return (found?.Body as Readable | undefined) ?? null;
    },
    async localCopy(name, variant) {
      const found = await get(keyOf(name, variant));
      if (!found?.Body) return null;
      const temp = tempPath();
      await downloadTo(found.Body as Readable, temp);
      return { path: temp, release: () => discard(temp) };
    },
    async remove(name) {
      await Promise.all([del(keyOf(name)), ...VARIANTS.map((v) => del(keyOf(name, v)))]);
    },
    discard,
    chunks,
    serving,
    direct: settings.directUploads ? direct : undefined,
  };
}
