import { describe, expect, it } from 'vitest';
import { appealClosedReason, appealPayload, appealProblems, EMPTY_APPEAL, inspectMossZip, mayAppeal } from './appealRules';

const OWNER = '1004000001';
const record = (status: number) => ({ originUserId: OWNER, status });
const member = (originUserId: string | null, privileges: string[] = ['normal']) => ({ signedIn: true, privileges, originUserId });

describe('mayAppeal', () => {
  it('offers the appeal to the owner of the game account while the case is confirmed or suspected', () => {
    expect(mayAppeal(member(OWNER), record(1))).toBe(true);
    expect(mayAppeal(member(OWNER), record(2))).toBe(true);
    for (const status of [0, 3, 4, 5, 6, 7, 8, 9]) expect(mayAppeal(member(OWNER), record(status)), String(status)).toBe(false);
  });

  it('does not offer it to other members, nor to unbound ones, nor to visitors', () => {
    expect(mayAppeal(member('1004000002'), record(1))).toBe(false);
    expect(mayAppeal(member(null), record(1))).toBe(false);
    expect(mayAppeal({ signedIn: false, privileges: [], originUserId: OWNER }, record(1))).toBe(false);
  });

  it('offers it to super, root and dev for any case, but not to admins', () => {
    for (const role of ['super', 'root', 'dev']) expect(mayAppeal(member(null, [role]), record(2)), role).toBe(true);
    expect(mayAppeal(member(null, ['admin']), record(1))).toBe(false);
    expect(mayAppeal(member(null, ['super']), record(0))).toBe(false);
  });

  it('says why it is closed', () => {
    expect(appealClosedReason({ signedIn: false, privileges: [] }, record(1))).toBe('signin');
    expect(appealClosedReason(member(OWNER), record(9))).toBe('status');
    expect(appealClosedReason(member('1'), record(1))).toBe('notOwner');
    expect(appealClosedReason(member(OWNER), record(1))).toBeNull();
  });
});

describe('appealProblems', () => {
  it('needs a written appeal, and the archive for a MOSS appeal', () => {
    expect(appealProblems(EMPTY_APPEAL)).toEqual({ content: 'contentRequired', moss: 'mossRequired' });
    expect(appealProblems({ ...EMPTY_APPEAL, appealType: 'farm', content: '<p>I farmed it.</p>' })).toEqual({});
    expect(appealProblems({ ...EMPTY_APPEAL, content: '<p>See the log.</p>', mossDownloadUrl: '/api/service/file?filename=a.zip' })).toEqual({});
  });

  it('takes http and https links only', () => {
    const draft = { ...EMPTY_APPEAL, appealType: 'other' as const, content: '<p>x</p>' };
    expect(appealProblems({ ...draft, videoLink: 'https://youtu.be/abc', btrLink: 'http://battlelog.example/stats' })).toEqual({});
    expect(appealProblems({ ...draft, videoLink: 'youtube', btrLink: 'javascript:alert(1)' })).toEqual({ videoLink: 'badLink', btrLink: 'badLink' });
  });
});

describe('appealPayload', () => {
  it('leaves empty links out and makes the archive address absolute', () => {
    const draft = { ...EMPTY_APPEAL, content: '<p>x</p>', videoLink: ' https://youtu.be/abc ', mossDownloadUrl: '/api/service/file?filename=a.zip' };
    expect(appealPayload(draft, 5, 'https://tribunal.example')).toEqual({
      toPlayerId: 5,
      appealType: 'moss',
      content: '<p>x</p>',
      extendedLinks: { videoLink: 'https://youtu.be/abc', mossDownloadUrl: 'https://tribunal.example/api/service/file?filename=a.zip' },
    });
  });

  it('sends no archive with another kind of appeal', () => {
    const draft = { ...EMPTY_APPEAL, appealType: 'farm' as const, content: '<p>x</p>', mossDownloadUrl: '/api/service/file?filename=a.zip' };
    expect(appealPayload(draft, 5, 'https://tribunal.example').extendedLinks).toEqual({});
  });
});

/** A zip archive of stored (uncompressed) files, laid out as zip tools write them. */
function zip(files: Record<string, string>): Uint8Array {
  const enc = new TextEncoder();
  const parts: number[] = [];
  const central: number[] = [];
  const le = (n: number, size: number) => Array.from({ length: size }, (_, i) => (n >>> (8 * i)) & 0xff);
  for (const [name, text] of Object.entries(files)) {
    const offset = parts.length;
    const nameBytes = [...enc.encode(name)];
    const data = [...enc.encode(text)];
    parts.push(...le(0x04034b50, 4), ...le(20, 2), ...le(0, 2), ...le(0, 2), ...le(0, 4), ...le(0, 4), ...le(data.length, 4), ...le(data.length, 4), ...le(nameBytes.length, 2), ...le(0, 2), ...nameBytes, ...data);
    central.push(
      ...le(0x02014b50, 4), ...le(20, 2), ...le(20, 2), ...le(0, 2), ...le(0, 2), ...le(0, 4), ...le(0, 4),
      ...le(data.length, 4), ...le(data.length, 4), ...le(nameBytes.length, 2), ...le(0, 2), ...le(0, 2), ...le(0, 2), ...le(0, 2), ...le(0, 4), ...le(offset, 4), ...nameBytes,
    );
  }
  const start = parts.length;
  const count = Object.keys(files).length;
  return Uint8Array.from([...parts, ...central, ...le(0x06054b50, 4), ...le(0, 2), ...le(0, 2), ...le(count, 2), ...le(count, 2), ...le(central.length, 4), ...le(start, 4), ...le(0, 2)]);
}

describe('inspectMossZip', () => {
  it('finds Logfile.log anywhere in the archive, whatever its case', () => {
    expect(inspectMossZip(zip({ 'readme.txt': 'hi', 'Logfile.log': 'log' }))).toBe('ok');
    expect(inspectMossZip(zip({ 'MOSS/2024-05-01/LOGFILE.LOG': 'log' }))).toBe('ok');
  });

  it('says when a zip lacks the log', () => {
    expect(inspectMossZip(zip({ 'screenshot.png': 'png' }))).toBe('noLog');
    expect(inspectMossZip(zip({ 'Logfile.log.txt': 'x' }))).toBe('noLog');
    expect(inspectMossZip(zip({}))).toBe('noLog');
  });

  it('refuses what is not a zip, or a damaged one', () => {
    expect(inspectMossZip(new TextEncoder().encode('Logfile.log is not inside a zip at all, just text'))).toBe('notZip');
    expect(inspectMossZip(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('notZip');
    const cut = zip({ 'Logfile.log': 'log' });
    expect(inspectMossZip(cut.subarray(0, cut.length - 30))).toBe('notZip');
  });
});
