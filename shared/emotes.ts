/**
 * The site's own emotes (the editor's emote ids are `group|name`), drawn for this site as
 * 32×32 SVG files in `public/emotes/<group>/<name>.svg`. In text an emote is written `[group|name]`,
 * or `[name]` when the name is unique.
 */
export const EMOTE_GROUPS = {
  face: ['smile', 'grin', 'laugh', 'wink', 'cool', 'think', 'angry', 'cry', 'shock', 'sleepy', 'doge', 'skull'],
  game: ['crosshair', 'hammer', 'flag', 'shield', 'trophy', 'gg'],
} as const;

export type EmoteGroup = keyof typeof EMOTE_GROUPS;

export interface Emote {
  group: EmoteGroup;
  name: string;
  /** `group|name`. */
  id: string;
  /** Where the picture is served. */
  src: string;
}

export const EMOTES: readonly Emote[] = (Object.entries(EMOTE_GROUPS) as Array<[EmoteGroup, readonly string[]]>).flatMap(([group, names]) =>
  names.map((name) => ({ group, name, id: `${group}|${name}`, src: `/emotes/${group}/${name}.svg` })),
);

/** The shape of an emote reference: `name` or `group|name`. */
export const EMOTE_REF = /^[a-z0-9_-]{1,32}(?:\|[a-z0-9_-]{1,32})?$/;

/** The emote a reference (`group|name`, or a bare `name`) stands for, if it is one of ours. */
export function findEmote(ref: string): Emote | undefined {
  return ref.includes('|') ? EMOTES.find((e) => e.id === ref) : EMOTES.find((e) => e.name === ref);
}

/** The text form of an emote: `[group|name]`. */
export const emoteText = (emote: Pick<Emote, 'id'>) => `[${emote.id}]`;
