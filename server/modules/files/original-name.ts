import { decodeExtended, parse } from 'content-disposition';
import { originalFileName } from '@shared/schemas/files';
import { AppError } from '@server/app-error';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Node reads header bytes as Latin-1, so a plain `filename="été.png"` sent as raw UTF-8 (what curl
 * and most scripts do) arrives as `Ã©tÃ©.png`: such text is read again as UTF-8 when its bytes are
 * valid UTF-8. A real Latin-1 name (`caf\xe9`) is not valid UTF-8 and stays as it came.
 */
function rawUtf8(text: string): string {
  if (!/[\x80-\xff]/.test(text) || /[^\x00-\xff]/.test(text)) return text;
  try {
    return strictUtf8.decode(Buffer.from(text, 'latin1'));
  } catch {
    return text;
  }
}

/** A file name as a client gave it, cleaned (`originalFileName`); null for none; 400 `upload.bad` when it is too long. */
export function checkedFileName(raw: string | null | undefined, from: string): string | null {
  if (raw === null || raw === undefined) return null;
  const parsed = originalFileName.safeParse(raw);
  if (!parsed.success) throw new AppError('upload.bad', `${from}: ${parsed.error.issues[0]?.message ?? 'not a file name'}`);
  return parsed.data;
}

/**
 * The file name of a raw upload's `Content-Disposition` (RFC 6266 form, as a response would carry
 * it: `attachment; filename*=UTF-8''%E2%82%AC%20rates.png`, or `filename="rates.png"`); null when
 * the header or its filename is absent.
 */
export function nameFromDisposition(header: string | undefined): string | null {
  if (!header) return null;
  let parameters: Record<string, string>;
  try {
    ({ parameters } = parse(header));
  } catch {
    throw new AppError('upload.bad', 'Content-Disposition: send attachment; filename*=UTF-8\'\'<percent-encoded name>');
  }
  const name = parameters.filename;
  const extended = parameters['filename*'];
  // A decoded `filename*` is Unicode already; only the plain parameter can hold raw UTF-8 bytes.
  const fromExtended = extended !== undefined && decodeExtended(extended) !== undefined;
  return checkedFileName(name !== undefined && !fromExtended ? rawUtf8(name) : name, 'Content-Disposition filename');
}
