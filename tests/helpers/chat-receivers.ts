// Local stand-ins for the chat services notification channels post to, on loopback: Slack's
// incoming webhooks (answer `ok`), Discord's webhooks (204), a Teams Workflows webhook (202) and the
// Telegram Bot API's sendMessage ({ok: true, result} or {ok: false, error_code, description}). Each
// checks every request against the service's documented shape and keeps what it found wrong in
// `problems`, so a test asserts the list is empty. A stand-in can fail on purpose, hang, or go down
// (connections refused) and come back on the same port.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatKind = 'slack' | 'discord' | 'teams' | 'telegram';

export interface ChatMessage {
  path: string;
  headers: Record<string, string>;
  body: any;
  /** What does not match the service's documented payload (empty when all does). */
  problems: string[];
}

/** How to answer the n-th request: as the service does when all is well, as it does on failure, or not at all. */
export type ChatAnswer = (m: ChatMessage, n: number) => 'ok' | 'fail' | 'hang';

export interface ChatReceiver {
  kind: ChatKind;
  /** Slack, Discord, Teams: the webhook URL to register. Telegram: the Bot API base (TELEGRAM_API_URL). */
  url: string;
  /** Telegram: a bot token this stand-in knows, and a chat it knows (others: "chat not found"). */
  token: string;
  chatId: string;
  received: ChatMessage[];
  answer: ChatAnswer;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startChatReceiver(kind: ChatKind, answer: ChatAnswer = () => 'ok'): Promise<ChatReceiver> {
  let server: Server | undefined;
  let port = 0;
  const hanging = new Set<ServerResponse>();
  const path = {
    slack: `/services/T${hex(4)}/B${hex(4)}/${hex(12)}`,
    discord: `/api/webhooks/${100000000 + Math.floor(Math.random() * 1e8)}/${hex(16)}`,
    teams: `/workflows/${hex(8)}/triggers/manual/paths/invoke`,
    telegram: '',
  }[kind];
  const rx: ChatReceiver = {
    kind,
    url: '',
    token: `${100000 + Math.floor(Math.random() * 9e5)}:AA${randomBytes(24).toString('base64url')}`,
    chatId: '-100' + String(1e9 + Math.floor(Math.random() * 9e9)),
    received: [],
    answer,
    async down() {
      if (!server) return;
      const s = server;
      server = undefined;
      for (const res of hanging) res.destroy();
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    },
    async up() {
      if (server) return;
      server = createServer(handle);
      await new Promise<void>((r, j) => {
        server!.once('error', j);
        server!.listen(port, '127.0.0.1', () => r());
      });
      port = (server.address() as AddressInfo).port;
      rx.url = `http://127.0.0.1:${port}${path}`;
    },
    close: () => rx.down(),
  };

  function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const problems: string[] = [];
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        problems.push('the body is not JSON');
      }
      if (req.method !== 'POST') problems.push(`method ${req.method}`);
      if (!headers['content-type']?.startsWith('application/json')) problems.push(`content-type ${headers['content-type']}`);
      if (headers['webhook-signature']) problems.push('a channel request carries a webhook signature');
      const m: ChatMessage = { path: req.url ?? '', headers, body, problems };
      if (body) problems.push(...CHECKS[kind](body, m.path, rx));
      rx.received.push(m);
      const a = rx.answer(m, rx.received.length);
      if (a === 'hang') return void hanging.add(res);
      reply(kind, a === 'ok' && problems.length === 0, res, m, rx);
    });
  }

  await rx.up();
  return rx;
}

function reply(kind: ChatKind, ok: boolean, res: ServerResponse, m: ChatMessage, rx: ChatReceiver) {
  const send = (status: number, body: string, type = 'text/plain') => {
    res.writeHead(status, body ? { 'content-type': type } : {});
    res.end(body);
  };
  if (kind === 'slack') return ok ? send(200, 'ok') : send(404, 'no_service');
  if (kind === 'discord') return ok ? send(204, '') : send(404, JSON.stringify({ message: 'Unknown Webhook', code: 10015 }), 'application/json');
  if (kind === 'teams')
    return ok
      ? send(202, '')
      : send(400, JSON.stringify({ error: { code: 'InvalidRequestContent', message: 'The request content is not valid.' } }), 'application/json');
  // Telegram: a known token and chat, else the Bot API's own refusals.
  const json = (status: number, body: unknown) => send(status, JSON.stringify(body), 'application/json');
  if (m.path !== `/bot${rx.token}/sendMessage`) return json(401, { ok: false, error_code: 401, description: 'Unauthorized' });
  if (!ok || String(m.body?.chat_id) !== rx.chatId) return json(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
  json(200, {
    ok: true,
    result: { message_id: rx.received.length, chat: { id: Number(rx.chatId), type: 'supergroup' }, date: Math.floor(Date.now() / 1000), text: m.body.text },
  });
}

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;

const CHECKS: Record<ChatKind, (b: any, path: string, rx: ChatReceiver) => string[]> = {
  // https://api.slack.com/messaging/webhooks, https://api.slack.com/reference/block-kit/blocks
  slack(b) {
    const p: string[] = [];
    if (!str(b.text, 40000)) p.push('text: a non-empty string (the notification fallback)');
    if (b.blocks !== undefined) {
      if (!Array.isArray(b.blocks) || b.blocks.length > 50) p.push('blocks: up to 50');
      for (const [i, block] of (b.blocks ?? []).entries()) {
        if (!['section', 'context', 'header', 'divider', 'actions', 'image'].includes(block?.type)) p.push(`blocks[${i}].type ${block?.type}`);
        if (block.type === 'section') {
          if (!block.text && !block.fields) p.push(`blocks[${i}]: a section needs text or fields`);
          for (const t of [block.text, ...(block.fields ?? [])].filter(Boolean))
            if (!['mrkdwn', 'plain_text'].includes(t.type) || !str(t.text, 3000)) p.push(`blocks[${i}]: text objects are {type, text ≤ 3000}`);
          if ((block.fields ?? []).length > 10) p.push(`blocks[${i}]: at most 10 fields`);
        }
        if (block.type === 'context' && (!Array.isArray(block.elements) || block.elements.length > 10)) p.push(`blocks[${i}]: context elements 1–10`);
      }
    }
    p.push(...slackUnescaped([b.text, ...(JSON.stringify(b.blocks ?? []).match(/"text":"(?:[^"\\]|\\.)*"/g) ?? []).map((t) => JSON.parse(t.slice(7)))]));
    return p;
  },
  // https://discord.com/developers/docs/resources/webhook#execute-webhook, …/message#embed-object-embed-limits
  discord(b) {
    const p: string[] = [];
    if (b.content === undefined && !Array.isArray(b.embeds)) p.push('content or embeds is required');
    if (b.content !== undefined && !str(b.content, 2000)) p.push('content: ≤ 2000 characters');
    if (Array.isArray(b.embeds)) {
      if (b.embeds.length > 10) p.push('embeds: at most 10');
      for (const [i, e] of b.embeds.entries()) {
        if (e.title !== undefined && !str(e.title, 256)) p.push(`embeds[${i}].title ≤ 256`);
        if (e.description !== undefined && !str(e.description, 4096)) p.push(`embeds[${i}].description ≤ 4096`);
        if (e.url !== undefined && !/^https?:\/\//.test(e.url)) p.push(`embeds[${i}].url must be http(s)`);
        if (e.color !== undefined && !(Number.isInteger(e.color) && e.color >= 0 && e.color <= 0xffffff)) p.push(`embeds[${i}].color: an integer 0–0xFFFFFF`);
        if (e.timestamp !== undefined && Number.isNaN(Date.parse(e.timestamp))) p.push(`embeds[${i}].timestamp: ISO 8601`);
        if (e.fields !== undefined && (!Array.isArray(e.fields) || e.fields.length > 25)) p.push(`embeds[${i}].fields: up to 25`);
        for (const f of e.fields ?? []) if (!str(f.name, 256) || !str(f.value, 1024)) p.push(`embeds[${i}].fields: {name ≤ 256, value ≤ 1024}`);
      }
    }
    const mentions = b.allowed_mentions;
    if (!isObj(mentions) || !Array.isArray(mentions.parse) || mentions.parse.length > 0) p.push('allowed_mentions.parse must be [] (no pings)');
    return p;
  },
  // https://learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook
  teams(b) {
    const p: string[] = [];
    if (b.type !== 'message') p.push("type: 'message'");
    const a = Array.isArray(b.attachments) ? b.attachments[0] : undefined;
    if (!a || b.attachments.length !== 1) p.push('attachments: one card');
    if (a?.contentType !== 'application/vnd.microsoft.card.adaptive') p.push('attachments[0].contentType: application/vnd.microsoft.card.adaptive');
    const c = a?.content;
    if (!isObj(c) || c.type !== 'AdaptiveCard') p.push("content.type: 'AdaptiveCard'");
    if (!/^1\.[0-6]$/.test(c?.version ?? '')) p.push('content.version: 1.0–1.6');
    if (c?.$schema !== 'http://adaptivecards.io/schemas/adaptive-card.json') p.push('content.$schema');
    if (!Array.isArray(c?.body) || c.body.length === 0) p.push('content.body: elements');
    for (const el of c?.body ?? []) {
      if (!['TextBlock', 'FactSet', 'ColumnSet', 'Container', 'Image'].includes(el.type)) p.push(`body element ${el.type}`);
      if (el.type === 'TextBlock' && !str(el.text, 10000)) p.push('TextBlock.text');
      if (el.type === 'FactSet' && !(el.facts ?? []).every((f: any) => typeof f.title === 'string' && typeof f.value === 'string'))
        p.push('FactSet facts: {title, value}');
    }
    for (const act of c?.actions ?? [])
      if (act.type !== 'Action.OpenUrl' || !/^https?:\/\//.test(act.url ?? '')) p.push('actions: Action.OpenUrl with an http(s) url');
    return p;
  },
  // https://core.telegram.org/bots/api#sendmessage, #formatting-options (HTML style)
  telegram(b, path, rx) {
    const p: string[] = [];
    if (!/^\/bot\d+:[\w-]+\/sendMessage$/.test(path)) p.push(`path ${path}`);
    if (path !== `/bot${rx.token}/sendMessage`) p.push('an unknown bot token');
    if (!(typeof b.chat_id === 'number' || (typeof b.chat_id === 'string' && /^(-?\d+|@\w+)$/.test(b.chat_id)))) p.push('chat_id: a number or @username');
    if (!str(b.text, 4096)) p.push('text: 1–4096 characters');
    if (b.parse_mode !== 'HTML') p.push("parse_mode: 'HTML'");
    if (b.link_preview_options !== undefined && !isObj(b.link_preview_options)) p.push('link_preview_options: an object');
    if (typeof b.text === 'string') p.push(...telegramHtmlProblems(b.text));
    return p;
  },
};

/** Slack mrkdwn: `<` and `>` only in control sequences (<url|label>, <!date^…>), `&` only as an entity. */
function slackUnescaped(texts: string[]): string[] {
  const p: string[] = [];
  for (const t of texts) {
    const outside = t.replace(/<(?:https?:\/\/[^|>]+\|[^<>]*|!date\^\d+\^[^|>]*\|[^<>]*)>/g, '');
    if (/[<>]/.test(outside)) p.push(`unescaped < or > in mrkdwn: ${t}`);
    if (/&(?!amp;|lt;|gt;)/.test(t)) p.push(`unescaped & in mrkdwn: ${t}`);
    if (/<[!@#]/.test(outside)) p.push(`a mention or channel link: ${t}`);
  }
  return p;
}

/** Telegram's HTML style: only its tags, balanced; `<`, `>`, `&` in text as entities. */
function telegramHtmlProblems(text: string): string[] {
  const allowed = ['b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'a', 'code', 'pre', 'span', 'tg-spoiler', 'blockquote'];
  const stack: string[] = [];
  const p: string[] = [];
  for (const m of text.matchAll(/<(\/?)([a-z-]+)([^<>]*)>|<|>|&(?!(?:lt|gt|amp|quot|#\d+);)/g)) {
    if (!m[2]) {
      p.push(`unescaped ${m[0]} in HTML text`);
      continue;
    }
    if (!allowed.includes(m[2])) p.push(`tag <${m[2]}> is not supported`);
    if (m[1]) {
      if (stack.pop() !== m[2]) p.push(`</${m[2]}> closes nothing`);
    } else {
      if (m[2] === 'a' && !/^ href="https?:\/\/[^"<>]*"$/.test(m[3])) p.push(`<a> needs one href: ${m[0]}`);
      stack.push(m[2]);
    }
  }
  if (stack.length > 0) p.push(`unclosed <${stack.join('>, <')}>`);
  return p;
}

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
