'use client';
// Settings → Webhooks, the form's first part: which kind of destination (a signed webhook, or a
// Slack, Discord, Teams or Telegram channel), then the fields that kind needs with one line on
// where to find them (lib/webhooks/channel-kinds.ts holds the names and hints the API shares).
import type { ReactNode } from 'react';
import { KIND_LABELS, TARGET_HINTS, WEBHOOK_KINDS, type WebhookKind } from '@/lib/webhooks/channel-kinds';
import { KindMark } from './channel-marks';

interface KindFieldsProps {
  id: string;
  kind: WebhookKind;
  onKind: (kind: WebhookKind) => void;
  /** Field name → its error message, from the API. */
  errors: Record<string, string>;
  fieldError: (name: string) => ReactNode;
}

const PLACEHOLDERS: Partial<Record<WebhookKind, string>> = {
  slack: 'https://hooks.slack.com/services/T…/B…/…',
  discord: 'https://discord.com/api/webhooks/…',
  teams: 'https://….logic.azure.com/workflows/…',
};

export function WebhookKindFields({ id, kind, onKind, errors, fieldError }: KindFieldsProps) {
  const described = (name: string, hint?: string) => [errors[name] ? `${id}-${name}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const field = (name: string) => ({ name, 'aria-invalid': Boolean(errors[name]) });
  return (
    <>
      <fieldset className="kind-picker">
        <legend>Send to</legend>
        {WEBHOOK_KINDS.map((k) => (
          <label key={k}>
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => onKind(k)} />
            <span>
              <KindMark kind={k} />
              {KIND_LABELS[k]}
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'webhook' ? (
        <label>
          Endpoint URL
          <input {...field('url')} type="url" inputMode="url" placeholder="https://example.com/sling-webhook" aria-describedby={described('url')} />
          {fieldError('url')}
        </label>
      ) : (
        <>
          <p className="hint" id={`${id}-where`}>
            {TARGET_HINTS[kind]}
          </p>
          {kind === 'telegram' ? (
            <>
              <label>
                Bot token
                <input
                  {...field('target')}
                  type="password"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="123456789:AA…"
                  aria-describedby={described('target', `${id}-where`)}
                />
                {fieldError('target')}
              </label>
              <label>
                Chat ID
                <input
                  {...field('chat_id')}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder="-1001234567890 or @yourchannel"
                  aria-describedby={described('chat_id', `${id}-chat-hint`)}
                />
                <span className="hint" id={`${id}-chat-hint`}>
                  A group’s or channel’s id (forward one of its messages to @userinfobot to see it), or a public channel’s @username.
                </span>
                {fieldError('chat_id')}
              </label>
            </>
          ) : (
            <label>
              {KIND_LABELS[kind]} webhook URL
              <input
                {...field('target')}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={PLACEHOLDERS[kind]}
                aria-describedby={described('target', `${id}-where`)}
              />
              {fieldError('target')}
            </label>
          )}
          <label>
            <span>
              Name <span className="muted">(optional)</span>
            </span>
            <input
              {...field('name')}
              maxLength={80}
              placeholder={kind === 'telegram' ? 'Launch team chat' : '#launches'}
              aria-describedby={described('name')}
            />
            {fieldError('name')}
          </label>
        </>
      )}
    </>
  );
}

/** The request body of the form's fields for `kind` (events and filters are added by the form). */
export function kindBody(kind: WebhookKind, data: FormData): Record<string, unknown> {
  if (kind === 'webhook') return { url: data.get('url') };
  const name = String(data.get('name') ?? '').trim();
  return { kind, target: data.get('target'), ...(kind === 'telegram' ? { chat_id: data.get('chat_id') } : {}), ...(name ? { name } : {}) };
}
