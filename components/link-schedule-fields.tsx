'use client';
// The link dialog's "before it starts, after it ends" fields (docs/guide/smart-links.md): when the
// link starts redirecting (before it, a "not yet" page), where its visitors go once it has expired
// or used up its clicks, and whether bots' visits use up the click limit. The hook holds what the
// inputs hold and says what to send: the set fields on create, the changed ones on edit.
import { useId, useState } from 'react';
import { DateTimePicker } from './date-time-picker';
import { fromLocalInput, toLocalInput, type Link } from './links-api';
import { withScheme } from '@/lib/links/with-scheme';

type Schedule = Pick<Link, 'starts_at' | 'expired_url' | 'count_bots'>;
type ScheduleBody = { starts_at?: string | null; expired_url?: string | null; count_bots?: boolean };

export function useLinkSchedule(start?: Partial<Schedule>) {
  const [startsAt, setStartsAt] = useState(toLocalInput(start?.starts_at ?? null));
  const [expiredUrl, setExpiredUrl] = useState(start?.expired_url ?? '');
  const [countBots, setCountBots] = useState(start?.count_bots === true);
  const url = () => (expiredUrl.trim() ? withScheme(expiredUrl.trim()) : null);
  return {
    startsAt,
    setStartsAt,
    expiredUrl,
    setExpiredUrl,
    countBots,
    setCountBots,
    /** What a new link is made with: only what is set. */
    body(): ScheduleBody {
      const starts = fromLocalInput(startsAt);
      return { ...(starts ? { starts_at: starts } : {}), ...(url() ? { expired_url: url() } : {}), ...(countBots ? { count_bots: true } : {}) };
    },
    /** What changed against the saved link. */
    changes(link: Schedule): ScheduleBody {
      const out: ScheduleBody = {};
      if (startsAt !== toLocalInput(link.starts_at)) out.starts_at = fromLocalInput(startsAt);
      if (url() !== (link.expired_url ?? null)) out.expired_url = url();
      if (countBots !== link.count_bots) out.count_bots = countBots;
      return out;
    },
  };
}

export type LinkScheduleForm = ReturnType<typeof useLinkSchedule>;

export function LinkScheduleFields({ form, fields }: { form: LinkScheduleForm; fields: Record<string, string> }) {
  const id = useId();
  const error = (name: string) =>
    fields[name] ? (
      <span id={`${id}-${name}-error`} className="field-error" role="alert">
        {fields[name]}
      </span>
    ) : null;
  const describedBy = (name: string, hint: string) => (fields[name] ? `${hint} ${id}-${name}-error` : hint);
  return (
    <>
      <div className="link-dialog-grid">
        <DateTimePicker
          label="Starts (optional)"
          name="starts_at"
          value={form.startsAt}
          onChange={form.setStartsAt}
          hint="Before then visitors see “not active yet”. Empty: at once."
          invalid={Boolean(fields.starts_at)}
          describedBy={fields.starts_at ? `${id}-starts_at-error` : undefined}
        >
          {error('starts_at')}
        </DateTimePicker>
        <label>
          After it ends, send visitors to (optional)
          <input
            name="expired_url"
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://example.com/sale-is-over"
            value={form.expiredUrl}
            onChange={(e) => form.setExpiredUrl(e.target.value)}
            aria-invalid={Boolean(fields.expired_url)}
            aria-describedby={describedBy('expired_url', `${id}-expired-hint`)}
          />
          <span id={`${id}-expired-hint`} className="hint">
            Once expired or out of clicks. Empty: the “Link Expired” page.
          </span>
          {error('expired_url')}
        </label>
      </div>
      <label className="inline">
        <input type="checkbox" name="count_bots" checked={form.countBots} onChange={(e) => form.setCountBots(e.target.checked)} />
        <span>
          Count bot visits as clicks <span className="muted">(crawlers, link previews: in the click limit and the analytics)</span>
        </span>
      </label>
    </>
  );
}
