// A notice (channel-messages.ts) in each service's own message format, with the user's text
// escaped for it, so a link called "<!channel>" or "@everyone" is shown, never acted on
// (docs/guide/notifications.md lists each service's reference):
// - Slack incoming webhooks: {text, blocks} in mrkdwn (&, <, > escaped; links <url|label>).
// - Discord webhooks: {embeds: [{title, url, description, color, fields, timestamp}]}, Markdown
//   escaped, and allowed_mentions {parse: []} so nothing in it pings anyone.
// - Microsoft Teams (Workflows or incoming webhook): a message with one Adaptive Card 1.4.
// - Telegram Bot API sendMessage: {chat_id, text, parse_mode: 'HTML'}, HTML escaped.
import { plainSentence, type Notice, type Segment } from './channel-messages';
import type { ChannelKind } from './channel-kinds';

export function channelBody(kind: ChannelKind, notice: Notice, opts: { chatId?: string | null } = {}): unknown {
  switch (kind) {
    case 'slack':
      return slackBody(notice);
    case 'discord':
      return discordBody(notice);
    case 'teams':
      return teamsBody(notice);
    case 'telegram':
      return telegramBody(notice, opts.chatId ?? '');
  }
}

// Slack: https://api.slack.com/reference/surfaces/formatting#escaping
const slackEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const slackText = (segs: Segment[]) =>
  segs.map((s) => (typeof s === 'string' ? slackEscape(s) : `<${slackEscape(s.href)}|${slackEscape(s.text).replaceAll('|', '¦')}>`)).join('');

export function slackBody(n: Notice) {
  const blocks: unknown[] = [{ type: 'section', text: { type: 'mrkdwn', text: `*${slackEscape(n.title)}*\n${slackText(n.sentence)}` } }];
  if (n.facts.length > 0)
    blocks.push({
      type: 'section',
      fields: n.facts.slice(0, 10).map(([k, v]) => ({ type: 'mrkdwn', text: `*${slackEscape(k)}*\n${slackEscape(cut(v, 1900))}` })),
    });
  blocks.push({
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `Sling · <!date^${Math.floor(Date.parse(n.timestamp) / 1000)}^{date_short_pretty} {time}|${n.timestamp}>` }],
  });
  return { text: slackEscape(plainSentence(n.sentence)), blocks };
}

// Discord: Markdown characters backslash-escaped; https://discord.com/developers/docs/resources/message#allowed-mentions-object
const discordEscape = (s: string) => s.replace(/([\\*_~`|>[\]()#<:@-])/g, '\\$1');
const discordUrl = (href: string) => href.replaceAll('(', '%28').replaceAll(')', '%29').replaceAll(' ', '%20');

export function discordBody(n: Notice) {
  const description = n.sentence.map((s) => (typeof s === 'string' ? discordEscape(s) : `[${discordEscape(s.text)}](${discordUrl(s.href)})`)).join('');
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(n.title, 256),
        ...(n.url ? { url: n.url } : {}),
        description: cut(description, 4096),
        color: n.color,
        fields: n.facts.slice(0, 25).map(([name, value]) => ({ name: cut(name, 256), value: cut(discordEscape(value), 1024), inline: true })),
        timestamp: n.timestamp,
        footer: { text: 'Sling' },
      },
    ],
  };
}

// Teams: Adaptive Cards render a Markdown subset in TextBlocks; its characters are escaped.
const teamsEscape = (s: string) => s.replace(/([\\*_~`[\]()#>-])/g, '\\$1');

export function teamsBody(n: Notice) {
  const text = n.sentence.map((s) => (typeof s === 'string' ? teamsEscape(s) : `[${teamsEscape(s.text)}](${discordUrl(s.href)})`)).join('');
  const body: unknown[] = [
    { type: 'TextBlock', text: teamsEscape(n.title), weight: 'Bolder', size: 'Medium', wrap: true },
    { type: 'TextBlock', text, wrap: true },
  ];
  if (n.facts.length > 0) body.push({ type: 'FactSet', facts: n.facts.map(([title, value]) => ({ title: teamsEscape(title), value: teamsEscape(value) })) });
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(n.url ? { actions: [{ type: 'Action.OpenUrl', title: 'Open link', url: n.url }] } : {}),
        },
      },
    ],
  };
}

// Telegram: https://core.telegram.org/bots/api#html-style
const htmlEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function telegramBody(n: Notice, chatId: string) {
  const sentence = n.sentence.map((s) => (typeof s === 'string' ? htmlEscape(s) : `<a href="${htmlEscape(s.href)}">${htmlEscape(s.text)}</a>`)).join('');
  const facts = n.facts.map(([k, v]) => `\n<b>${htmlEscape(k)}:</b> ${htmlEscape(v)}`).join('');
  return {
    chat_id: chatId,
    // (Not cut: a cut could split a tag; destinations are shortened for display in channel-messages.ts.)
    text: `<b>${htmlEscape(n.title)}</b>\n${sentence}${facts}`,
    parse_mode: 'HTML',
    // A preview of the destination for a new link; other messages stay compact.
    link_preview_options: n.title === 'New link' && n.url ? { url: n.url, prefer_small_media: true } : { is_disabled: true },
  };
}

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
