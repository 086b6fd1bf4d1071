import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';
import { originalFileName } from './schemas/files';
import { LIMITS } from './limits';

describe('cleanFileName', () => {
  it('keeps the last segment of a path, of either kind of slash', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\Desktop\\shot 1.png')).toBe('shot 1.png');
    expect(cleanFileName('folder/')).toBe('');
    expect(cleanFileName('..')).toBe('');
  });

  it('drops control characters, direction overrides and the byte-order mark, keeps emoji joiners', () => {
    expect(cleanFileName('a\u0000b\tc\r\nd\u007f\u0085.png')).toBe('abcd.png');
    // U+202E would show this as "…gnp.exe" read backwards: "exe.png".
    expect(cleanFileName('photo\u202Egnp.exe')).toBe('photognp.exe');
    expect(cleanFileName('\uFEFFnotes\u2028.zip')).toBe('notes.zip');
    const family = '👨\u200D👩\u200D👧.png';
    expect(cleanFileName(family)).toBe(family);
  });

  it('is Unicode NFC, trimmed, and replaces a lone surrogate', () => {
    expect(cleanFileName('  e\u0301te\u0301.png ')).toBe('\u00e9t\u00e9.png');
    expect(cleanFileName('a\uD800b.png')).toBe('a\uFFFDb.png');
  });

  it('cleaning twice changes nothing', () => {
    for (const raw of ['../x\u202E/y\u0000.png', ' e\u0301/ ', 'a\\b\\c']) expect(cleanFileName(cleanFileName(raw))).toBe(cleanFileName(raw));
  });
});

describe('originalFileName', () => {
  it('null when nothing usable is left, refused beyond the limit once cleaned', () => {
    expect(originalFileName.parse('/tmp/')).toBeNull();
    expect(originalFileName.parse('dir/' + 'x'.repeat(LIMITS.fileNameMax))).toBe('x'.repeat(LIMITS.fileNameMax));
    expect(originalFileName.safeParse('x'.repeat(LIMITS.fileNameMax + 1)).success).toBe(false);
  });
});
