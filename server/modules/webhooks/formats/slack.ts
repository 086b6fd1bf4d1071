import { clip, type ChatMessage } from './chat-message';

/** The three characters Slack's mrkdwn asks to be escaped (api.slack.com/reference/surfaces/formatting). */
const escapeMrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack's limit on a section block's text. */
const SECTION_MAX = 3000;

/**
 * An incoming-webhook body: `text` (shown in notifications and by clients without blocks) with the
 * link, plus blocks laying out the title, the link and the facts.
 */
export function slackMessage(m: ChatMessage) {
  const link = `<${m.url}|${escapeMrkdwn(m.linkLabel)}>`;
  const title = escapeMrkdwn(m.title);
  const facts = m.fields.map((f) => `*${escapeMrkdwn(f.name)}:* ${escapeMrkdwn(f.value)}`).join('   ');
  return {
    text: `${title} ${link}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: clip(`${title}\n${link}`, SECTION_MAX) } },
      ...(facts ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: clip(facts, SECTION_MAX) }] }] : []),
    ],
  };
}
