// What a notification channel says about an event (docs/guide/notifications.md): a title, one
// human sentence made of text and links, a few facts and the link to open. Kept apart from any
// service's format (channel-formats.ts escapes and lays it out per service), so every service says
// the same thing. An event type this file does not know yet gets a generic sentence.
export type Segment = string | { text: string; href: string };

export interface Notice {
  title: string;
  sentence: Segment[];
  /** Label → value, shown under the sentence. */
  facts: Array<[string, string]>;
  /** What "Open" opens: the short link, else the destination; null when there is none. */
  url: string | null;
  /** 0xRRGGBB: Discord's embed stripe. */
  color: number;
  timestamp: string;
}

export interface ChannelEvent {
  type: string;
  occurredAt: Date | string;
  data: unknown;
  /** link.clicked: the short link's host (its data has the code only). */
  linkHost?: string | null;
  /** The channel's own label, for the test message. */
  channelName?: string | null;
}

// biome-ignore lint/suspicious/noExplicitAny: event data is read defensively, each value through str() or num()
type Data = Record<string, any>;

const COLORS = { good: 0x16a34a, info: 0x2563eb, warn: 0xd97706, bad: 0xdc2626, neutral: 0x6b7280 };

/** The notice for one event. */
export function channelNotice(e: ChannelEvent): Notice {
  const d = (e.data && typeof e.data === 'object' ? e.data : {}) as Data;
  const base = { facts: [] as Array<[string, string]>, url: null as string | null, timestamp: new Date(e.occurredAt).toISOString() };
  const link = linkRef(d, e.linkHost);
  const dest = str(d.long_url) ?? str(d.link?.long_url);
  const to: Segment[] = dest ? [' → ', ref(shown(dest), dest)] : [];
  switch (e.type) {
    case 'link.created':
      return { ...base, title: 'New link', color: COLORS.good, url: link.href ?? dest, sentence: ['New link ', link.seg, ...to] };
    case 'link.updated': {
      const status = str(d.status);
      const why = str(d.reason) ?? str(d.safety_reason) ?? str(d.disabled_reason);
      if (status && status !== 'active')
        return {
          ...base,
          title: 'Link changed',
          color: status === 'blocked' ? COLORS.bad : COLORS.warn,
          url: link.href ?? dest,
          sentence: ['Link ', link.seg, ` is now ${STATUS_WORDS[status] ?? status}${why ? `: ${why}` : ''}`],
        };
      return {
        ...base,
        title: 'Link changed',
        color: COLORS.info,
        url: link.href ?? dest,
        sentence: ['Link ', link.seg, ' changed', ...(dest ? ['; it points to ', ref(shown(dest), dest)] : [])],
      };
    }
    case 'link.deleted':
      return {
        ...base,
        title: 'Link deleted',
        color: COLORS.neutral,
        url: null,
        sentence: ['Link ', link.label, ' was deleted', ...(dest ? [' (it pointed to ', shown(dest), ')'] : [])],
      };
    case 'link.expired':
      return {
        ...base,
        title: 'Link expired',
        color: COLORS.warn,
        url: link.href ?? dest,
        sentence: ['Link ', link.seg, d.reason === 'max_clicks' ? ' expired: it reached its click limit' : ' expired: its expiration date passed'],
      };
    case 'link.clicked':
      return clicked(d, link, dest, base);
    case 'link.held':
      return {
        ...base,
        title: 'Link held for review',
        color: COLORS.warn,
        url: link.href ?? dest,
        sentence: ['Link ', link.seg, ' is held for review', ...(str(d.reason) ? [`: ${str(d.reason)}`] : []), ...to],
      };
    case 'link.milestone': {
      const clicks = num(d.milestone) ?? num(d.clicks) ?? num(d.threshold);
      return {
        ...base,
        title: 'Click milestone',
        color: COLORS.good,
        url: link.href ?? dest,
        sentence: [link.seg, clicks === null ? ' reached a click milestone' : ` reached ${clicks.toLocaleString('en-US')} clicks`],
      };
    }
    case 'domain.verified':
      return { ...base, title: 'Domain verified', color: COLORS.good, sentence: [`Domain ${domainName(d)} is verified and ready for links`] };
    case 'domain.misconfigured': {
      const why = problemSentence(d.problems);
      return { ...base, title: 'Domain misconfigured', color: COLORS.bad, sentence: [`Domain ${domainName(d)} is misconfigured${why ? `: ${why}` : ''}`] };
    }
    case 'workspace.weekly_summary':
      return weekly(d, base);
    case 'webhook.test':
      return {
        ...base,
        title: 'Test message',
        color: COLORS.info,
        sentence: [`Test message from Sling: ${e.channelName ? `“${e.channelName}”` : 'this channel'} is set up and will get the events you chose`],
      };
    default:
      return { ...base, title: 'Sling event', color: COLORS.neutral, sentence: [`Sling event ${e.type}`, ...(link.known ? [' for ', link.seg] : [])] };
  }
}

/** The sentence as plain text (notification previews, Slack's fallback). */
export function plainSentence(segments: Segment[]): string {
  return segments.map((s) => (typeof s === 'string' ? s : s.text)).join('');
}

const STATUS_WORDS: Record<string, string> = {
  expired: 'expired',
  disabled: 'disabled',
  pending_review: 'waiting for review',
  blocked: 'blocked as unsafe',
};

interface LinkRef {
  /** The short link, linked where its URL is known. */
  seg: Segment;
  /** The same as text only (a deleted link leads nowhere). */
  label: string;
  href: string | null;
  known: boolean;
}

function linkRef(d: Data, host?: string | null): LinkRef {
  const shortUrl = str(d.short_url) ?? str(d.link?.short_url);
  if (shortUrl) {
    const label = shortUrl.replace(/^https?:\/\//, '');
    return { seg: ref(label, shortUrl), label, href: safeHref(shortUrl), known: true };
  }
  const code = str(d.short_code) ?? str(d.link?.short_code);
  const label = code ? (host ? `${host}/${code}` : `/${code}`) : 'a link';
  return { seg: label, label, href: null, known: Boolean(code) };
}

function clicked(d: Data, link: LinkRef, dest: string | null, base: Pick<Notice, 'facts' | 'timestamp'>): Notice {
  const v = (d.visitor ?? {}) as Data;
  const place = [str(v.city), str(v.country)].filter(Boolean).join(', ');
  const device = [str(v.browser), str(v.os) && `on ${str(v.os)}`].filter(Boolean).join(' ');
  const facts: Array<[string, string]> = [];
  if (dest) facts.push(['Destination', shown(dest)]);
  if (place) facts.push(['From', place]);
  if (device) facts.push(['Device', device]);
  if (str(v.referrer_host)) facts.push(['Referrer', str(v.referrer_host)!]);
  const verb = d.trigger === 'qr' ? ' was scanned (QR code)' : ' was clicked';
  return { ...base, facts, title: 'Click', color: COLORS.info, url: dest, sentence: [link.seg, verb, ...(place ? [` from ${place}`] : [])] };
}

function weekly(d: Data, base: Pick<Notice, 'facts' | 'timestamp'>): Notice {
  const n = (v: unknown) => (num(v) === null ? null : num(v)!.toLocaleString('en-US'));
  const clicks = n(d.clicks);
  const links = n(d.new_links);
  const top = Array.isArray(d.top_links) ? (d.top_links as Data[]) : [];
  const countries = Array.isArray(d.top_countries) ? (d.top_countries as Data[]) : [];
  const facts: Array<[string, string]> = [];
  if (clicks !== null) facts.push(['Clicks', `${clicks}${n(d.clicks_previous_week) !== null ? ` (the week before: ${n(d.clicks_previous_week)})` : ''}`]);
  if (links !== null) facts.push(['New links', links]);
  const tops = top
    .map((t) => `${(str(t.short_url) ?? '').replace(/^https?:\/\//, '')}${n(t.clicks) !== null ? ` (${n(t.clicks)})` : ''}`)
    .filter((t) => !t.startsWith(' ') && t !== '');
  if (tops.length > 0) facts.push(['Top links', tops.join(', ')]);
  const where = countries.map((c) => str(c.country)).filter(Boolean);
  if (where.length > 0) facts.push(['Top countries', where.join(', ')]);
  const parts = [clicks !== null ? `${clicks} clicks` : null, links !== null ? `${links} new links` : null].filter(Boolean);
  const lead = tops[0] ? `, led by ${tops[0].replace(/ \(.*\)$/, '')}` : '';
  const sentence = parts.length > 0 ? `Last week: ${parts.join(' and ')}${lead}` : 'Your weekly summary from Sling';
  return { ...base, facts, title: 'Weekly summary', color: COLORS.info, url: null, sentence: [sentence] };
}

/** The first failing record of domain.misconfigured's `problems`, in words. */
function problemSentence(problems: unknown): string | null {
  const p = (Array.isArray(problems) ? problems[0] : null) as Data | null;
  if (!p || !str(p.type)) return null;
  const record = `its ${p.type} record${str(p.name) ? ` ${p.name}` : ''}`;
  return p.status === 'missing' ? `${record} is missing` : `${record} points elsewhere${str(p.expected) ? ` (expected ${p.expected})` : ''}`;
}

function domainName(d: Data): string {
  return str(d.domain?.hostname) ?? str(d.hostname) ?? 'a custom domain';
}

/** A long destination shortened for reading (the link itself stays whole). */
function shown(url: string): string {
  return url.length > 120 ? `${url.slice(0, 119)}…` : url;
}

function ref(text: string, href: string): Segment {
  const safe = safeHref(href);
  return safe ? { text, href: safe } : text;
}

/** Only http(s) links are made clickable. */
function safeHref(href: string): string | null {
  return /^https?:\/\//i.test(href) ? href : null;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : null;
}

function num(v: unknown): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
