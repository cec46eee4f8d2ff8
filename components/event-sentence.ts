// A link's history entry in words: what changed, compared with the entry before it (each event
// carries the whole link as it was after the change).
export interface LinkSnapshot {
  long_url?: string;
  status?: string;
  password_protected?: boolean;
  expiration?: string | null;
  max_clicks?: number | null;
  short_code?: string;
  disabled_reason?: string | null;
  safety_reason?: string | null;
  reason?: string;
}

export interface HistoryEvent {
  event: string;
  data?: unknown;
}

const day = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Events whose data is the whole link, so the next change can be told against them. */
const SNAPSHOTS = new Set(['link.created', 'link.updated', 'link.expired', 'link.held']);

/** The entry an event at `i` (newest first) is compared with: the next older one that holds the link (clicks and milestones do not). */
export function previousSnapshot<T extends HistoryEvent>(events: readonly T[], i: number): T | undefined {
  return events.slice(i + 1).find((e) => SNAPSHOTS.has(e.event));
}

/** Sentences for one event; `before` is the link as the previous event left it, when known. */
export function eventSentences(event: HistoryEvent, before?: HistoryEvent): string[] {
  const now = (event.data ?? {}) as LinkSnapshot;
  switch (event.event) {
    case 'link.created':
      return [
        `Created, pointing to ${now.long_url ?? 'its destination'}.`,
        ...(now.password_protected ? ['Protected with a password.'] : []),
        ...(now.expiration ? [`Set to expire on ${day(now.expiration)}.`] : []),
        ...(now.max_clicks != null ? [`Limited to ${now.max_clicks} clicks.`] : []),
      ];
    case 'link.expired':
      return [now.reason === 'max_clicks' ? 'Expired: it reached its click limit.' : 'Expired: its expiration date passed.'];
    case 'link.deleted':
      return ['Deleted.'];
    case 'link.clicked':
      return ['Clicked.'];
    case 'link.held':
      return [`${now.status === 'blocked' ? 'Blocked' : 'Held for review'} by the safety checks${now.reason ? `: ${now.reason}` : '.'}`];
    case 'link.milestone': {
      const { milestone } = (event.data ?? {}) as { milestone?: number };
      return [typeof milestone === 'number' ? `Reached ${milestone.toLocaleString('en-US')} clicks.` : 'Reached a click milestone.'];
    }
    case 'link.updated':
      return updateSentences(now, before ? ((before.data ?? {}) as LinkSnapshot) : undefined);
    default:
      return [event.event];
  }
}

function updateSentences(now: LinkSnapshot, was: LinkSnapshot | undefined): string[] {
  if (!was)
    return [
      `Updated; it now points to ${now.long_url ?? 'its destination'}${now.status && now.status !== 'active' ? ` and is ${statusWord(now.status)}` : ''}.`,
    ];
  const out: string[] = [];
  if (now.short_code !== was.short_code && now.short_code) out.push(`Short code changed to ${now.short_code}.`);
  if (now.long_url !== was.long_url && now.long_url) out.push(`Destination changed to ${now.long_url}.`);
  if (now.password_protected !== was.password_protected) out.push(now.password_protected ? 'Password added.' : 'Password removed.');
  if (now.expiration !== was.expiration) out.push(now.expiration ? `Expiration set to ${day(now.expiration)}.` : 'Expiration removed.');
  if (now.max_clicks !== was.max_clicks) out.push(now.max_clicks != null ? `Click limit set to ${now.max_clicks}.` : 'Click limit removed.');
  if (now.status !== was.status && now.status) out.push(statusSentence(now));
  return out.length > 0 ? out : ['Saved without changes to its destination or settings.'];
}

function statusWord(status: string): string {
  return { active: 'active', expired: 'expired', disabled: 'disabled', pending_review: 'waiting for review', blocked: 'blocked as unsafe' }[status] ?? status;
}

function statusSentence(now: LinkSnapshot): string {
  const why = now.reason ?? now.disabled_reason ?? now.safety_reason;
  if (now.status === 'active') return 'Active again.';
  return `Now ${statusWord(now.status!)}${why ? `: ${why}` : ''}.`;
}
