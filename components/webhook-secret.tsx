'use client';
// A webhook's signing secret, shown once after create or rotate: read-only, selected for copying,
// with how to verify deliveries and, after a rotation, how long the old secret keeps signing.
import { useEffect, useId, useRef, useState } from 'react';
import { localTime } from './webhook-api';

interface WebhookSecretProps {
  secret: string;
  /** Set after a rotation: until when the previous secret signs too. */
  previousUntil: string | null;
  onDismiss: () => void;
}

export function WebhookSecret({ secret, previousUntil, onDismiss }: WebhookSecretProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new secret is focused and selected again, ready to copy
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied.');
    } catch {
      // No clipboard access (e.g. plain http on another host): leave it selected for Ctrl+C.
      field.current?.select();
      setCopied('Selected; press Ctrl+C (⌘C) to copy.');
    }
  }

  return (
    <div className="secret-box stack">
      <label htmlFor={`${id}-secret`}>Signing secret</label>
      <div className="row">
        <input ref={field} id={`${id}-secret`} className="secret-value" readOnly value={secret} aria-describedby={`${id}-help`} />
        <button type="button" className="secondary" onClick={copy}>
          Copy
        </button>
      </div>
      <p id={`${id}-help`} className="muted">
        Copy this secret now; it will not be shown again. Verify each delivery with it using any Standard Webhooks library (e.g. <code>standardwebhooks</code>:{' '}
        <code>new Webhook(secret).verify(body, headers)</code>), which checks the <code>webhook-signature</code> header.
        {previousUntil ? ` The previous secret also signs every delivery until ${localTime(previousUntil)}, so switch your endpoint over before then.` : ''}
      </p>
      <div className="row between">
        <span aria-live="polite">{copied}</span>
        <button type="button" className="secondary" onClick={onDismiss}>
          I have saved it
        </button>
      </div>
    </div>
  );
}
