import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** The one account s3rver knows (its defaults). */
const KEY = 'S3RVER';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3 {
  /** STORAGE=s3 and the S3_* settings that reach this server and its bucket. */
  env: Record<string, string>;
  bucket: string;
  /** A client of our own test's, to look into the bucket without the app's code. */
  client: S3Client;
  /** The object's bytes, or null when there is none. */
  object(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on a loopback port (s3rver, from the npm registry: SigV4 header and
 * query signatures checked, multipart uploads, browser POST uploads, copies, ranges), one bucket,
 * its objects in a temporary folder. It does not check a POST policy's conditions
 * (docs/operations.md#storage-backends): the server's own checks at completion are what the tests see.
 */
export async function startS3Server(bucket = 'tribunal-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-s3-'));
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const missing = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    env,
    bucket,
    client,
    async object(Key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        return Buffer.from(await got.Body!.transformToByteArray());
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async has(Key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return true;
      } catch (e) {
        if (missing(e)) return false;
        throw e;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
