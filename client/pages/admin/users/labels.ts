/** The mute lengths (`muteUser` value 0..5) as their translation keys. */
export const MUTE_LENGTH_KEYS = ['10m', '1h', '12h', '1d', '7d', '30d'] as const;
