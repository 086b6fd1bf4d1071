import { DUMP_FILES, type DumpFileKind, type DumpInfo } from '@shared/open-data';
import type { DataDumpRow } from '@server/db/schema';

export const dumpFilePath = (day: string, kind: DumpFileKind) => `/api/dumps/file?day=${day}&kind=${kind}`;

export const presentDump = (d: DataDumpRow): DumpInfo => ({
  day: d.day,
  createTime: d.createTime.toISOString(),
  cases: d.cases,
  files: d.files.map((f) => {
    const kind = f.kind as DumpFileKind;
    return { kind, fileName: `${d.day}-${DUMP_FILES[kind]}`, url: dumpFilePath(d.day, kind), bytes: f.bytes, sha256: f.sha256 };
  }),
});
