/**
 * Prints every comment or doc line that cites something the repository does not hold
 * (scripts/citations.ts), and exits 1 when there is one: `npx tsx scripts/check-citations.ts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRepo, formatFinding, type Repo } from './citations';

/** The repository's tracked files, read from the working tree (a file deleted there is skipped). */
export function trackedRepo(root: string): Repo {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
  return {
    files,
    read(file) {
      try {
        return fs.readFileSync(path.join(root, file), 'utf8');
      } catch {
        return null;
      }
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const findings = checkRepo(trackedRepo(root));
  for (const f of findings) console.log(formatFinding(f));
  console.log(findings.length ? `\n${findings.length} citation(s) of what the repository does not hold` : 'every comment and doc cites only what the repository holds');
  process.exitCode = findings.length ? 1 : 0;
}
