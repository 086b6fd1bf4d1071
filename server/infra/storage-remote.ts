import type { Readable } from 'node:stream';

/** Sizes kept beside an image: written by the image job, served with `?size=` (./storage.ts exports it on). */
export type Variant = 'thumb' | 'avatar';

/**
 * What an object store offers beyond the `Storage` interface (./storage.ts): links to serve its
 * files from, and uploads that go to it without passing through the server.
 */

/** A link to a stored file, and how long it stays valid (seconds). */
export interface StoredLink {
  url: string;
  maxAge: number;
}

/** A stored file's bytes, whole or one range of them. */
export interface StoredRange {
  body: Readable;
  length: number;
  /** `bytes a-b/total` when a range was asked for and answered. */
  contentRange?: string;
}

export interface S3Serving {
  mode: 'redirect' | 'proxy';
  /** The public link when S3_PUBLIC_URL is set and `unsigned` allows it, else a signed one. */
  link(name: string, variant: Variant | undefined, opts: { unsigned: boolean; contentType: string; attachment?: string }): Promise<StoredLink>;
  /** The bytes for proxying (`range`: the request's Range header); null when the object is not there. */
  get(name: string, variant: Variant | undefined, range?: string): Promise<StoredRange | null>;
}

/** What arrived at a session's incoming key: its size and the ETag every later read is pinned to. */
export interface IncomingObject {
  size: number;
  etag: string;
}

export interface S3Direct {
  /** A presigned POST for the whole file: the policy fixes the key, the exact size and the Content-Type. */
  post(sessionId: string, size: number, mimeType: string, ttlMs: number): Promise<{ url: string; fields: Record<string, string> }>;
  /** Starts a multipart upload for the session and signs every part's UploadPart request. */
  multipart(sessionId: string, size: number, mimeType: string, partBytes: number, ttlMs: number): Promise<{ partBytes: number; parts: Array<{ partNumber: number; url: string }> }>;
  /** Completes the session's multipart upload when it has one (`parts`: what the browser uploaded), then reads what arrived; null when nothing did. */
  finish(sessionId: string, parts?: Array<{ partNumber: number; etag: string }>): Promise<IncomingObject | null>;
  /** Bytes `start`..`end` of what arrived, as long as it is still the object seen (`etag`). */
  head(sessionId: string, got: IncomingObject, bytes: number): Promise<Buffer>;
  /** What arrived, downloaded to a temporary file (inspection with file tools). */
  download(sessionId: string, got: IncomingObject): Promise<string>;
  /** Makes what arrived the stored file `name` (a copy inside the store, refused if the object changed since it was inspected). */
  adopt(sessionId: string, got: IncomingObject, name: string): Promise<void>;
  /** Removes what the session left in the store (the incoming object, an unfinished multipart upload). */
  drop(sessionId: string): Promise<void>;
}

