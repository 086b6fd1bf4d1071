/**
 * Comments and docs may cite only what ships with the repository: its own files (with their
 * anchors), or public standards. This finds the comments that name notes kept elsewhere (design
 * notes, a product brief, studies of the original site, tracker numbers), Markdown files that do
 * not exist, and, in the docs, links and file paths that lead nowhere.
 * `npx tsx scripts/check-citations.ts` prints them; scripts/citations.test.ts runs it in `npm test`.
 */
import ts from 'typescript';
import path from 'node:path';

export interface Finding {
  file: string;
  line: number;
  /** The line as written, trimmed. */
  text: string;
  why: string;
}

/** The files to check, as paths relative to the repository root with `/` separators, and how to read one. */
export interface Repo {
  files: readonly string[];
  read(file: string): string | null;
}

/** Names of documents that live outside the repository, and why each is refused. */
const OUTSIDE: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /\bDESIGN(?:\.md\b|\s*§)/, why: 'cites the design notes, which do not ship: state the fact, or cite docs/' },
  { pattern: /\bspec(?:'s)?\s*§|\bthe spec(?:'s)?\b|\bspec:\s|\bproduct-spec\b/i, why: 'cites the product brief, which does not ship: state the rule itself' },
  { pattern: /\breference\s*§|\(reference:|\breference:\s*[\w-]+\.md|\bthe reference's\b|\bthe reference(?=\s*[(),.;:]|\s*$)/i, why: 'cites the study of the original server, which does not ship: state the fact, or cite docs/api-compatibility.md' },
  { pattern: /\bapi-clients\b/, why: 'cites the study of the API clients, which does not ship: cite docs/api-compatibility.md' },
  { pattern: /\b(?:original-server|original-database|stack-notes|anchors\.md)\b/, why: 'cites a study kept outside the repository' },
  { pattern: /\/work\/shared\b|(?:^|[\s(`'"])\.\.\/shared\/(?:DESIGN|spec|reference)\b/, why: 'points outside the repository' },
];

/** A tracker number says nothing to a reader of the code: the comment should say what it is about. */
const ISSUE = /\bissues?\s+#?\d+(?:\s*(?:,|and|&)\s*#?\d+)*/i;
/** A section sign cites a numbered document; allowed for public standards only. */
const SECTION = /§/;
const STANDARD = /\b(?:RFC\s*\d+|ECMA-?\d*|ECMAScript|WHATWG|W3C|ISO\s*\d+|IEEE|HTML Living Standard)\b/i;
/** A Markdown file named in a comment, optionally with an anchor. */
const MARKDOWN_REF = /(?<![\w/.-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\w-]+)?(?![\w-])/g;

/** Top-level folders whose paths the docs name in backticks; such a path must exist. */
const REPO_DIRS = ['server', 'client', 'shared', 'e2e', 'bench', 'deploy', 'bin', 'docs', 'locales', 'public', 'scripts', '.ci'];
const BACKTICKED = /`([^`\s]+)`/g;
const LINK = /\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

const JS_LIKE = /\.(?:[cm]?[jt]sx?)$/;
const HASH_COMMENTS = /(?:^|\/)(?:Dockerfile|run|\.env\.example|\.gitignore|\.dockerignore)$|\.(?:sh|conf|ya?ml|toml)$/;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: its headings' slugs (repeats numbered as GitHub does). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = slugOf(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Character ranges of the comments of a JavaScript or TypeScript file (strings, templates, regexes and JSX text are not comments). */
export function jsCommentRanges(file: string, text: string): Array<[number, number]> {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map<number, number>();
  // A token's trivia: the comments ending the line before it (trailing ones), then those on lines of their own.
  const collect = (pos: number) => {
    for (const r of [...(ts.getTrailingCommentRanges(text, pos) ?? []), ...(ts.getLeadingCommentRanges(text, pos) ?? [])]) ranges.set(r.pos, r.end);
  };
  const visit = (node: ts.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(source);
    // JSX text starts right at its position: what it holds is text, not trivia.
    if (children.length === 0) return node.kind === ts.SyntaxKind.JsxText ? undefined : collect(node.pos);
    for (const child of children) visit(child);
  };
  collect(0);
  visit(source);
  return [...ranges].sort((a, b) => a[0] - b[0]);
}

/** Comment ranges of files whose comments are lines after `#`, `--` (SQL), or blocks (CSS, HTML). */
function otherCommentRanges(file: string, text: string): Array<[number, number]> | null {
  const ranges: Array<[number, number]> = [];
  /** Adds the matches of `re` that are comments (those starting with `start`: other alternatives skip strings). */
  const add = (re: RegExp, start?: string) => {
    for (const m of text.matchAll(re)) if (!start || m[0].startsWith(start)) ranges.push([m.index!, m.index! + m[0].length]);
  };
  if (file.endsWith('.sql')) add(/'(?:[^']|'')*'|--[^\n]*/g, '--');
  else if (file.endsWith('.css')) add(/\/\*[\s\S]*?\*\//g);
  else if (file.endsWith('.html')) add(/<!--[\s\S]*?-->/g);
  else if (HASH_COMMENTS.test(file)) add(/(?:^|(?<=\s))#[^\n]*/gm);
  else return null;
  return ranges;
}

const lineStarts = (text: string) => {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
};
const lineAt = (starts: number[], pos: number) => {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
};

/** Where a path named in `from` leads, relative to the repository root; null when it leaves the repository. */
function resolveFrom(from: string, target: string, rootRelative = false): string | null {
  const joined = path.posix.normalize(rootRelative ? target : path.posix.join(path.posix.dirname(from), target));
  return joined.startsWith('../') || joined === '..' ? null : joined.replace(/\/$/, '');
}

interface Context {
  repo: Repo;
  files: Set<string>;
  dirs: Set<string>;
  anchors: Map<string, Set<string> | null>;
}

const exists = (ctx: Context, p: string) => ctx.files.has(p) || ctx.dirs.has(p);

function anchorsIn(ctx: Context, file: string) {
  if (!ctx.anchors.has(file)) {
    const text = ctx.repo.read(file);
    ctx.anchors.set(file, text === null ? null : anchorsOf(text));
  }
  return ctx.anchors.get(file);
}

/** What is wrong with a Markdown file named in a comment of `from` (null: it exists, with its anchor). */
function markdownProblem(ctx: Context, from: string, name: string, anchor: string | undefined): string | null {
  const candidates = [resolveFrom(from, name), resolveFrom(from, name, true)].filter((p): p is string => p !== null);
  let found = candidates.find((p) => ctx.files.has(p));
  if (!found && !name.includes('/')) {
    const same = [...ctx.files].filter((f) => f === name || f.endsWith(`/${name}`));
    if (same.length === 1) found = same[0];
  }
  if (!found) return `names ${name}, which the repository does not contain`;
  if (anchor && !anchorsIn(ctx, found)?.has(anchor.slice(1))) return `names ${found}${anchor}, a heading ${found} does not have`;
  return null;
}

function checkComment(ctx: Context, file: string, comment: string, firstLine: number, lines: string[], out: Finding[]) {
  const citesStandard = STANDARD.test(comment);
  comment.split('\n').forEach((part, i) => {
    const report = (why: string) => out.push({ file, line: firstLine + i + 1, text: lines[firstLine + i]!.trim(), why });
    for (const { pattern, why } of OUTSIDE) if (pattern.test(part)) report(why);
    if (ISSUE.test(part)) report('cites a tracker issue: say what it is about instead');
    if (SECTION.test(part) && !citesStandard) report('cites a numbered section of a document: name a repo file (and heading) or a public standard');
    for (const m of part.matchAll(MARKDOWN_REF)) {
      const problem = markdownProblem(ctx, file, m[1]!, m[2]);
      if (problem) report(problem);
    }
  });
}

/** The docs whose links and backticked paths must lead to files of the repository. */
const isDoc = (file: string) => file.endsWith('.md') && (file.startsWith('docs/') || !file.includes('/'));

function checkMarkdown(ctx: Context, file: string, text: string, out: Finding[]) {
  const lines = text.split('\n');
  const doc = isDoc(file);
  let fenced = false;
  lines.forEach((line, i) => {
    const report = (why: string) => out.push({ file, line: i + 1, text: line.trim(), why });
    for (const { pattern, why } of OUTSIDE) if (pattern.test(line)) report(why);
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!doc) return;
    for (const m of line.matchAll(LINK)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [where, anchor] = target.split('#') as [string, string | undefined];
      const resolved = where === '' ? file : resolveFrom(file, decodeURIComponent(where));
      if (resolved === null) report(`links to ${target}, outside the repository`);
      else if (!exists(ctx, resolved)) report(`links to ${target}, which the repository does not contain`);
      else if (anchor && resolved.endsWith('.md') && !anchorsIn(ctx, resolved)?.has(anchor)) report(`links to ${target}, a heading ${resolved} does not have`);
    }
    if (fenced) return;
    for (const m of line.matchAll(BACKTICKED)) {
      const token = m[1]!.replace(/[:#].*$/, '').replace(/[.,;]$/, '');
      if (!REPO_DIRS.some((d) => token.startsWith(`${d}/`)) || /[*<>{}$]/.test(token)) continue;
      if (!exists(ctx, token.replace(/\/$/, ''))) report(`names ${token}, which the repository does not contain`);
    }
  });
}

/** Every citation of something the repository does not hold, in its comments and docs. */
export function checkRepo(repo: Repo): Finding[] {
  const files = new Set(repo.files);
  const dirs = new Set<string>();
  for (const f of files) for (let d = path.posix.dirname(f); d !== '.'; d = path.posix.dirname(d)) dirs.add(d);
  const ctx: Context = { repo, files, dirs, anchors: new Map() };
  const out: Finding[] = [];
  const suspicious = new RegExp([...OUTSIDE.map((o) => o.pattern.source), ISSUE.source, SECTION.source, '\\.md\\b'].join('|'), 'i');
  for (const file of repo.files) {
    const text = repo.read(file);
    if (text === null) continue;
    if (file.endsWith('.md')) {
      checkMarkdown(ctx, file, text, out);
      continue;
    }
    // Most files name nothing of the kind: only those that might are parsed.
    if (!suspicious.test(text)) continue;
    const ranges = JS_LIKE.test(file) ? jsCommentRanges(file, text) : otherCommentRanges(file, text);
    if (!ranges) continue;
    const starts = lineStarts(text);
    const lines = text.split('\n');
    for (const [from, to] of ranges) checkComment(ctx, file, text.slice(from, to), lineAt(starts, from), lines, out);
  }
  return out;
}

/** One line per finding, as an editor jumps to it. */
export const formatFinding = (f: Finding) => `${f.file}:${f.line}: ${f.why}\n    ${f.text}`;
