import { useSnapshot } from 'valtio';
// zod's tree-shakable form: this store loads with every page's first script (client/state/backup.ts
// nests the schema in its own).
import * as z from 'zod/mini';
import { localStore, parseJson } from './localStore';

/** What may make a sound (the profile's voice settings); the master switch is the `voice` local flag. */
export const SOUND_KINDS = ['message', 'judgement', 'appeal'] as const;
export type SoundKind = (typeof SOUND_KINDS)[number];

export interface VoiceSettings extends Record<SoundKind, boolean> {
  /** 0 to 100. */
  volume: number;
}

export const DEFAULT_VOICE: VoiceSettings = { volume: 60, message: true, judgement: true, appeal: true };

export const voiceSettingsSchema = z.object({
  volume: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  message: z.optional(z.boolean()),
  judgement: z.optional(z.boolean()),
  appeal: z.optional(z.boolean()),
});

export function parseVoice(raw: string | null): VoiceSettings {
  const parsed = voiceSettingsSchema.safeParse(parseJson(raw));
  if (!parsed.success) return { ...DEFAULT_VOICE };
  const out = { ...DEFAULT_VOICE };
  for (const [key, value] of Object.entries(parsed.data)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  return out;
}

export const VOICE_KEY = 'tribunal:voice';

export const voice = localStore<VoiceSettings>(VOICE_KEY, parseVoice);

export const useVoice = () => useSnapshot(voice);
