// Small marks for each kind of webhook (Settings → Webhooks): drawn inline, in the services'
// colours, so nothing is downloaded. Decorative: the kind's name is always written beside them.
import type { WebhookKind } from '@/lib/webhooks/channel-kinds';

export function KindMark({ kind, size = 20 }: { kind: WebhookKind; size?: number }) {
  return (
    <svg className={`kind-mark kind-mark-${kind}`} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {MARKS[kind]}
    </svg>
  );
}

const MARKS: Record<WebhookKind, React.ReactNode> = {
  // Three linked nodes, drawn in the text colour.
  webhook: (
    <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="6" r="3" />
      <circle cx="5.5" cy="17" r="3" />
      <circle cx="18.5" cy="17" r="3" />
      <path d="M10.5 8.6 7 14.4M13.5 8.6l3.5 5.8M8.5 17h7" />
    </g>
  ),
  slack: (
    <g>
      <rect x="9" y="2" width="4" height="11" rx="2" fill="#36C5F0" />
      <rect x="2" y="11" width="11" height="4" rx="2" fill="#2EB67D" transform="translate(0 -2)" />
      <rect x="11" y="11" width="4" height="11" rx="2" fill="#ECB22E" />
      <rect x="11" y="13" width="11" height="4" rx="2" fill="#E01E5A" transform="translate(0 -2)" />
    </g>
  ),
  discord: (
    <g>
      <path
        d="M5 5.5c2-1.2 4-1.8 5-1.9l.6 1.2h2.8l.6-1.2c1 .1 3 .7 5 1.9 1.8 3 2.7 6.3 2.5 10.4-1.7 1.4-3.5 2.3-5.3 2.8l-1.2-1.9c1-.3 1.8-.8 2.6-1.3-3.6 1.6-7.6 1.6-11.2 0 .8.5 1.6 1 2.6 1.3l-1.2 1.9c-1.8-.5-3.6-1.4-5.3-2.8C2.3 11.8 3.2 8.5 5 5.5Z"
        fill="#5865F2"
      />
      <ellipse cx="9" cy="12" rx="1.6" ry="1.8" fill="#fff" />
      <ellipse cx="15" cy="12" rx="1.6" ry="1.8" fill="#fff" />
    </g>
  ),
  teams: (
    <g>
      <circle cx="18" cy="6.5" r="2.5" fill="#7B83EB" />
      <rect x="14" y="10" width="8" height="9" rx="2.5" fill="#7B83EB" />
      <rect x="2" y="5" width="14" height="14" rx="2" fill="#5059C9" />
      <path d="M5.5 9h7M9 9v7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </g>
  ),
  telegram: (
    <g>
      <circle cx="12" cy="12" r="10" fill="#229ED9" />
      <path
        d="m6.2 11.7 10.2-4c.5-.2.9.1.8.8l-1.8 8.2c-.1.6-.5.7-1 .4l-2.7-2-1.3 1.3c-.2.2-.3.3-.6.3l.2-2.8 5-4.5c.2-.2 0-.3-.3-.1l-6.2 3.9-2.6-.8c-.6-.2-.6-.6.3-.7Z"
        fill="#fff"
      />
    </g>
  ),
};
