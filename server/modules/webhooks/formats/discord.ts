import { clip, type ChatMessage } from './chat-message';

/** Discord's documented limits for an execute-webhook message (discord.com/developers/docs/resources/webhook). */
export const DISCORD_LIMITS = { content: 2000, embeds: 10, title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024 } as const;

/** Markdown Discord would otherwise apply to a player's name; escaped so names show as written. */
const escapeMarkdown = (text: string) => text.replace(/([\\*_~`|>[\]()#-])/g, '\\$1');

/**
 * An execute-webhook body: the line as `content` (so notifications show it) and one embed linking
 * to the case. Mentions are switched off: a player's name can never ping a channel.
 */
export function discordMessage(m: ChatMessage) {
  return {
    content: clip(escapeMarkdown(m.title), DISCORD_LIMITS.content),
    embeds: [
      {
        title: clip(m.title, DISCORD_LIMITS.title),
        url: m.url,
        description: clip(`[${escapeMarkdown(m.linkLabel)}](${m.url})`, DISCORD_LIMITS.description),
        fields: m.fields.slice(0, DISCORD_LIMITS.fields).map((f) => ({ name: clip(f.name, DISCORD_LIMITS.fieldName), value: clip(f.value, DISCORD_LIMITS.fieldValue), inline: true })),
        timestamp: m.time,
      },
    ],
    allowed_mentions: { parse: [] as string[] },
  };
}
