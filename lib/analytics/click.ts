// One visit as the edge records it, before enrichment (enrich-click.ts): what the click buffer holds
// and the click writer receives.
export interface Click {
  linkId: number;
  /** epoch ms */
  at: number;
  referrer: string | undefined;
  userAgent: string | undefined;
  ip: string;
  /** 'qr' when the visit came through a Sling QR code (the `qr=1` marker). */
  trigger?: 'link' | 'qr';
  /** A HEAD request (link previews, curl -I): kept, flagged as a bot, never counted. */
  head?: boolean;
  /** The visit carried `DNT: 1` or `Sec-GPC: 1` (a workspace that honours them keeps no visitor details: docs/guide/privacy.md). */
  optOut?: boolean;
  /** The id of the link's routing rule that picked the destination (lib/link-rules); absent when none did. */
  rule?: string;
  /** The A/B test variant the visitor was sent to; absent for links without a running test. */
  variant?: string;
}
