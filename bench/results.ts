import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, 'RESULTS.md');

/** Replaces one bench's section of bench/RESULTS.md (between its markers), keeping the others. */
export function writeResults(section: string, markdown: string) {
  const begin = `<!-- ${section}:begin -->`;
  const end = `<!-- ${section}:end -->`;
  let text = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '# Benchmark results\n\nWritten by the bench scripts (`npm run bench:all` runs every one of them in turn; `npm run bench`, `npm run bench:live`, ... one each); each section is replaced by its own run.\n';
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const i = text.indexOf(begin);
  const j = text.indexOf(end);
  text = i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(FILE, text);
}
