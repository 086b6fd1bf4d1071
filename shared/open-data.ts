/** The daily open-data dump: public case data only (server/modules/open-data). */

/** The files of one dump, by kind, and the name each is downloaded as. */
export const DUMP_FILES = {
  ndjson: 'tribunal-cases.ndjson.gz',
  csv: 'tribunal-cases.csv.gz',
  schema: 'tribunal-cases.schema.json',
} as const;
export type DumpFileKind = keyof typeof DUMP_FILES;
export const DUMP_FILE_KINDS = Object.keys(DUMP_FILES) as DumpFileKind[];

/** One file of a dump as `GET /api/dumps` lists it. */
export interface DumpFileInfo {
  kind: DumpFileKind;
  /** The name to save it as. */
  fileName: string;
  /** Where to download it (a path under the site). */
  url: string;
  bytes: number;
  /** Hex SHA-256 of the file's bytes as downloaded. */
  sha256: string;
}

export interface DumpInfo {
  /** The UTC day the dump was made, YYYY-MM-DD. */
  day: string;
  createTime: string;
  cases: number;
  files: DumpFileInfo[];
}
