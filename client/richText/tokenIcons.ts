import type { IconName } from '@client/components/Icon';

/** The icons a `{icon:name}` token may show (each has a translated name under `richText.icons`). */
export const TOKEN_ICONS = ['flag', 'shield', 'alert', 'checkCircle', 'xCircle', 'bolt', 'eye', 'gamepad', 'scale', 'lock'] as const satisfies readonly IconName[];
export type TokenIcon = (typeof TOKEN_ICONS)[number];

export const isTokenIcon = (name: string): name is TokenIcon => (TOKEN_ICONS as readonly string[]).includes(name);
