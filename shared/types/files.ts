/** One file of the media library, as the API and the realtime event present it. */
export interface MediaFile {
  /** The stored name, `YYYY-MM-DD_<uuid>.<ext>` (the original calls it `filename`). */
  filename: string;
  /** The file's own name as its client sent it at upload (cleaned); null when none was sent. */
  originalName: string | null;
  size: number;
  mimeType: string;
  kind: 'image' | 'video' | 'archive';
  /** Images are `processing` until their job is done; a file that cannot be decoded ends `failed`. */
  state: 'processing' | 'ready' | 'failed';
  reason: string | null;
  createTime: string;
  userId: number;
  downloadURL: string;
  /** Ready images only: the 320 px thumbnail. */
  thumbnailURL: string | null;
  width: number | null;
  height: number | null;
}

/** The account's media quota (`quota.ok`): limits, and what is used of them. */
export interface StorageQuota {
  maxFileNumber: number;
  maxFileSize: number;
  maxTrafficQuota: number;
  maxStorageQuota: number;
  todayFileNumber: number;
  todayTraffic: number;
  totalStorage: number;
  /** When today's counters start again. */
  resetTime: string;
}

/**
 * Offered by the answer that opens a big-file session when the site keeps its files in an object
 * store: the browser sends the bytes there itself, then asks `completeUrl` to finish (the file is
 * checked there). `post`: one form POST to `url` with `fields` and the file last (field `file`);
 * `multipart`: each part (`partBytes` each, the last shorter) PUT to its URL, its ETag kept.
 */
export type DirectUpload =
  | { method: 'post'; url: string; fields: Record<string, string>; completeUrl: string }
  | { method: 'multipart'; partBytes: number; parts: Array<{ partNumber: number; url: string }>; completeUrl: string };

/** The answer that opens a big-file session (`POST /service/uploadBigFile`). */
export interface UploadSessionStart {
  name: string;
  size: number;
  uploadUrl: string;
  expiredAt: string;
  direct?: DirectUpload;
}
