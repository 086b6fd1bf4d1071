import { classifyLink, descriptionEvidence } from '@shared/evidence';
import { LIMITS } from '@shared/limits';
import { isBlankHtml } from '@shared/reply';

/** What the report form holds before it is sent. */
export interface ReportDraft {
  game: string;
  originName: string;
  cheatMethods: readonly string[];
  /** One address per row; empty rows are ignored. */
  videoLinks: readonly string[];
  /** The editor's HTML. */
  description: string;
}

export type ReportField = 'game' | 'originName' | 'cheatMethods' | 'videoLinks' | 'description';

/** One game ID: letters, digits, `_` and `-` (no spaces, no team tags). */
export const GAME_ID = /^[A-Za-z0-9_-]+$/;

/** Characters that look alike in many fonts (i I 1 l L o O 0): the form warns about them. */
const LOOKALIKES = new Set('iI1lLoO0');

/** The name cut into runs, marking the characters easy to misread. */
export function lookalikeRuns(name: string): Array<{ text: string; lookalike: boolean }> {
  const runs: Array<{ text: string; lookalike: boolean }> = [];
  for (const ch of name) {
    const lookalike = LOOKALIKES.has(ch);
    const last = runs.at(-1);
    if (last && last.lookalike === lookalike) last.text += ch;
    else runs.push({ text: ch, lookalike });
  }
  return runs;
}

export const hasLookalikes = (name: string) => [...name].some((ch) => LOOKALIKES.has(ch));

export type LinkProblem = 'invalid' | 'drive' | 'notVideo';

/** Why an evidence link is refused (shared/evidence.ts, the server's rule), or null. */
export function linkProblem(link: string): LinkProblem | null {
  const verdict = classifyLink(link);
  if (verdict === 'video') return null;
  return verdict === 'other' ? 'notVideo' : verdict;
}

/** The links as the API takes them: trimmed, non-empty, comma separated. */
export const joinLinks = (links: readonly string[]) =>
  links
    .map((l) => l.trim())
    .filter(Boolean)
    .join(',');

/**
 * The first problem of each field, as a key under `report.errors.` (the form translates it).
 * Evidence is a video-site link, or an image or a video-site link in the description.
 */
export function reportProblems(draft: ReportDraft): Partial<Record<ReportField, string>> {
  const problems: Partial<Record<ReportField, string>> = {};
  const name = draft.originName.trim();
  if (!draft.game) problems.game = 'required';
  if (!name) problems.originName = 'required';
  else if (/\s/.test(name)) problems.originName = 'oneId';
  else if (!GAME_ID.test(name)) problems.originName = 'idCharacters';
  else if (name.length > LIMITS.originNameMax) problems.originName = 'idTooLong';
  if (!draft.cheatMethods.length) problems.cheatMethods = 'noMethod';
  const links = draft.videoLinks.map((l) => l.trim()).filter(Boolean);
  if (links.some((l) => linkProblem(l))) problems.videoLinks = 'badLinks';
  else if (joinLinks(links).length > LIMITS.videoLinkMax) problems.videoLinks = 'linksTooLong';
  if (isBlankHtml(draft.description)) problems.description = 'required';
  else if (draft.description.length > LIMITS.reportMax) problems.description = 'descriptionTooLong';
  if (!problems.videoLinks && !links.length && !descriptionEvidence(draft.description).length) problems.videoLinks = 'noEvidence';
  return problems;
}
