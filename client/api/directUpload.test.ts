// @vitest-environment jsdom
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, GetObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { partsOf, sendToStore, StoreUnreachable } from './directUpload';

/**
 * The browser's side of direct uploads against a real S3-protocol server on loopback (s3rver, as the
 * server's tests use), through jsdom's XMLHttpRequest and its CORS checks. `open` has CORS for the
 * page's origin, `closed` has none: the case of a bucket nobody set CORS on.
 */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;
let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let client: S3Client;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-s3-client-'));
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (o: Record<string, unknown>) => typeof server;
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'open', configs: [CORS] }, { name: 'closed' }] });
  const { port } = await server.run();
  client = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, requestChecksumCalculation: 'WHEN_REQUIRED' });
});
afterAll(async () => {
  client?.destroy();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stored = async (Bucket: string, Key: string) => Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToByteArray());
const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
const post = async (Bucket: string, Key: string, size: number) => ({
  method: 'post' as const,
  ...(await createPresignedPost(client, { Bucket, Key, Conditions: [['content-length-range', size, size]], Fields: { 'Content-Type': 'video/mp4' }, Expires: 600 })),
  completeUrl: '/unused',
});

describe('direct uploads from the browser', () => {
  it('cuts parts of partBytes, the last one shorter', () => {
    expect(partsOf(20, 8)).toEqual([
      { partNumber: 1, first: 0, end: 8 },
      { partNumber: 2, first: 8, end: 16 },
      { partNumber: 3, first: 16, end: 20 },
    ]);
    expect(partsOf(8, 8)).toEqual([{ partNumber: 1, first: 0, end: 8 }]);
  });

  it('a presigned POST: the file reaches the store, progress up to its size', async () => {
    const bytes = crypto.randomBytes(200_000);
    const seen: number[] = [];
    expect(await sendToStore(new Blob([bytes]), await post('open', 'incoming/a', bytes.length), { onProgress: (sent) => seen.push(sent) })).toEqual({});
    expect(sha256(await stored('open', 'incoming/a'))).toBe(sha256(bytes));
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(bytes.length);
  });

  it('a multipart upload: each part to its signed URL, the ETags the store answered make it whole', async () => {
    const bytes = crypto.randomBytes(300_000);
    const Key = 'incoming/b';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: 'open', Key }));
    const parts = await Promise.all(
      partsOf(bytes.length, 128_000).map(async (p) => ({ partNumber: p.partNumber, url: await getSignedUrl(client, new UploadPartCommand({ Bucket: 'open', Key, UploadId, PartNumber: p.partNumber }), { expiresIn: 600 }) })),
    );
    const sent = await sendToStore(new Blob([bytes]), { method: 'multipart', partBytes: 128_000, parts, completeUrl: '/unused' });
    expect(sent.parts?.map((p) => p.partNumber)).toEqual([1, 2, 3]);
    await client.send(new CompleteMultipartUploadCommand({ Bucket: 'open', Key, UploadId, MultipartUpload: { Parts: sent.parts!.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) } }));
    expect(sha256(await stored('open', Key))).toBe(sha256(bytes));
  });

  it('a bucket without CORS for the site, or a refused request, ends in StoreUnreachable (the caller goes through the server)', async () => {
    const bytes = crypto.randomBytes(1000);
    await expect(sendToStore(new Blob([bytes]), await post('closed', 'incoming/c', bytes.length))).rejects.toBeInstanceOf(StoreUnreachable);
    const forged = await post('open', 'incoming/d', bytes.length);
    await expect(sendToStore(new Blob([bytes]), { ...forged, fields: { ...forged.fields, key: 'files/elsewhere' }, url: forged.url.replace('/open', '/missing-bucket') })).rejects.toBeInstanceOf(StoreUnreachable);
  }, 20_000);
});
