/**
 * The site's editorial documents (Admin > Home management): the home page's bulletin and the three
 * rule announcements. Each has a list of versions per language; the newest is the one shown
 * ("latest") to readers of that language, and en-US's to readers of a language without one.
 * The names live here, apart from their request schemas (`schemas/announcements.ts`), so the
 * footer that links the rules does not bring the validation code into every page's first script.
 */
export const ANNOUNCEMENT_NAMES = ['bulletin', 'antiCheatRules', 'conductRules', 'personnelRules'] as const;
export type AnnouncementName = (typeof ANNOUNCEMENT_NAMES)[number];
/** The rule documents, which have pages of their own (the bulletin is on the home page). */
export const RULE_ANNOUNCEMENTS = ['antiCheatRules', 'conductRules', 'personnelRules'] as const satisfies readonly AnnouncementName[];

/** Whether a name (from an address) is one of the rule documents. */
export const isRuleAnnouncement = (name: string | undefined): name is AnnouncementName => (RULE_ANNOUNCEMENTS as readonly string[]).includes(name ?? '');
