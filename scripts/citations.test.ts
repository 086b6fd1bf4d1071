import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anchorsOf, checkRepo, formatFinding, slugOf, type Finding } from './citations';
import { trackedRepo } from './check-citations';

/** A repository of these files only. */
const repoOf = (files: Record<string, string>) => ({ files: Object.keys(files), read: (f: string) => files[f] ?? null });
/** The lines with a finding, each once. */
const found = (files: Record<string, string>) => [...new Set(checkRepo(repoOf(files)).map((f) => `${f.file}:${f.line}`))];

// The cited names are assembled here so that this file's own comments and strings stay clean of them.
const DESIGN = ['DESIGN', '§5'].join(' ');
const SPEC = ['spec', '§2'].join(' ');
const REF = ['reference', '§3.2'].join(' ');
const CLIENTS = ['api-clients', '§6'].join(' ');
const ISSUE = ['issue', '16'].join(' ');

describe('comments of source files', () => {
  it('finds each kind of citation of a document kept outside, on its own line', () => {
    const source = [
      `/** Rooms (${DESIGN}). */`,
      `// Filters of the case page (${SPEC}).`,
      '/*',
      ` * The wire shape (${REF}, ${CLIENTS}).`,
      ' */',
      `const x = 1; // measured for ${ISSUE}`,
      `// issues 16 and 50 asked for it`,
      '// see the brief, §9',
      '// The original site (reference: original-database.md).',
    ].join('\n');
    expect(found({ 'server/a.ts': source })).toEqual(['server/a.ts:1', 'server/a.ts:2', 'server/a.ts:4', 'server/a.ts:6', 'server/a.ts:7', 'server/a.ts:8', 'server/a.ts:9']);
  });

  it('reads strings, templates, regular expressions and JSX text as code, not as comments', () => {
    const source = [
      `const a = '// ${DESIGN}';`,
      `const b = \`/* ${SPEC} */ \${a}\`;`,
      `const c = /\\/\\/ ${ISSUE}/.test(b);`,
      `export const D = () => <p>// ${REF} and http://example.org</p>;`,
      `const e = { spec: 1, reference: 2 };`,
    ].join('\n');
    expect(found({ 'client/a.tsx': source })).toEqual([]);
  });

  it('allows public standards and the files of the repository, with their headings', () => {
    const files = {
      'docs/architecture.md': '# Architecture\n\n## The life of a write\n',
      'server/http/policy-matrix.md': '# Privilege matrix\n',
      'server/b.ts': [
        '/** The Accept-Encoding rules (RFC 9110',
        ' * §12.5.3). See docs/architecture.md#the-life-of-a-write and policy-matrix.md. */',
        '// the reference implementation of the algorithm',
        '// an emote reference: `group|name`',
      ].join('\n'),
    };
    expect(found(files)).toEqual([]);
  });

  it('finds Markdown files the repository lacks, and headings its files lack', () => {
    const files = {
      'docs/architecture.md': '# Architecture\n',
      'server/c.ts': '// docs/architecture.md#no-such-heading\n// docs/gone.md\n// see ../../notes.md\n',
    };
    expect(found(files)).toEqual(['server/c.ts:1', 'server/c.ts:2', 'server/c.ts:3']);
  });

  it('reads the comments of SQL, CSS, shell and nginx files', () => {
    const files = {
      'server/db/migrations/0001.sql': `-- counters (${DESIGN})\nselect '-- not a comment ${SPEC}';\n`,
      'client/a.css': `/* colours (${SPEC}) */\n.a { color: red; }\n`,
      '.ci/run': `#!/usr/bin/env bash\n# the suites of ${ISSUE}\necho "$#"\n`,
      'deploy/nginx.conf': `# kept as ${REF}\nlisten 80;\n`,
    };
    expect(found(files)).toEqual(['server/db/migrations/0001.sql:1', 'client/a.css:1', '.ci/run:2', 'deploy/nginx.conf:1']);
  });
});

describe('docs', () => {
  const docs = {
    'server/x.ts': '',
    'docs/architecture.md': '# Architecture\n\n## Rooms and sequences\n',
    'docs/decisions/0001-postgres.md': '# PostgreSQL\n',
  };

  it('need links and backticked paths that lead to the repository', () => {
    const files = {
      ...docs,
      'README.md': [
        'See [the architecture](docs/architecture.md#rooms-and-sequences) and [decisions](docs/decisions/).',
        'The server starts in `server/x.ts`; `server/*.test.ts` and `server/<module>/routes.ts` are patterns.',
        '[Gone](docs/gone.md), [no heading](docs/architecture.md#nothing), `server/gone.ts:12`, [up](../notes.md).',
        `Read \`../shared/DESIGN.md\` for the design.`,
        '[a site](https://example.org/x.md)',
      ].join('\n'),
      'docs/operations.md': '[back](../README.md) and [decision](decisions/0001-postgres.md#postgresql)\n',
    };
    const findings = checkRepo(repoOf(files));
    expect(findings.map((f) => `${f.file}:${f.line}`)).toEqual(['README.md:3', 'README.md:3', 'README.md:3', 'README.md:3', 'README.md:4', 'README.md:4']);
    expect(findings.map((f) => f.why).join('\n')).toContain('server/gone.ts');
  });

  it('other Markdown files (generated tables, results) are held only to the outside names', () => {
    expect(found({ 'bench/RESULTS.md': '[x](nowhere.md) `server/gone.ts`\n' })).toEqual([]);
    expect(found({ 'bench/RESULTS.md': `as ${DESIGN} says\n` })).toEqual(['bench/RESULTS.md:1']);
  });

  it('anchors are GitHub’s: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
    expect(slugOf('The life of a write: `appendEntry` → publish')).toBe('the-life-of-a-write-appendentry--publish');
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['a', 'notes', 'notes-1']);
  });
});

describe('this repository', () => {
  it('cites in its comments and docs only what it holds', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const findings: Finding[] = checkRepo(trackedRepo(root));
    expect(findings.map(formatFinding).join('\n')).toBe('');
  });
});
