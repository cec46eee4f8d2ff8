'use client';
// The link dialog's "Public stats page" fields (docs/guide/analytics.md, "Public stats page"): whether
// anyone with its address may see the link's statistics, an optional password for that page, and,
// once saved on, the page's address to copy. The hook says what to send: the set fields on create,
// the changed ones on edit.
import { useId, useState } from 'react';
import { CopyButton } from './link-header';
import type { Link } from './links-api';

type PublicStats = Pick<Link, 'public_stats' | 'public_stats_url' | 'public_stats_protected'>;
type PublicStatsBody = { public_stats?: boolean; public_stats_password?: string | null };

export function useLinkPublicStats(start?: Partial<PublicStats>) {
  const [on, setOn] = useState(start?.public_stats === true);
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  return {
    on,
    setOn,
    password,
    setPassword,
    removePassword,
    setRemovePassword,
    /** What a new link is made with: only what is set (a password only with the page on). */
    body(): PublicStatsBody {
      return on ? { public_stats: true, ...(password ? { public_stats_password: password } : {}) } : {};
    },
    /** What changed against the saved link. */
    changes(link: PublicStats): PublicStatsBody {
      const out: PublicStatsBody = {};
      if (on !== link.public_stats) out.public_stats = on;
      if (removePassword && link.public_stats_protected) out.public_stats_password = null;
      else if (on && password) out.public_stats_password = password;
      return out;
    },
  };
}

export type LinkPublicStatsForm = ReturnType<typeof useLinkPublicStats>;

export function LinkPublicStatsFields({ form, fields, link }: { form: LinkPublicStatsForm; fields: Record<string, string>; link: PublicStats | null }) {
  const id = useId();
  const protectedNow = link?.public_stats_protected === true;
  const savedUrl = link?.public_stats ? link.public_stats_url : null;
  const error = fields.public_stats_password ? (
    <span id={`${id}-error`} className="field-error" role="alert">
      {fields.public_stats_password}
    </span>
  ) : null;
  return (
    <fieldset className="public-stats-fields">
      <legend>Public stats page</legend>
      <label className="inline">
        <input type="checkbox" name="public_stats" checked={form.on} onChange={(e) => form.setOn(e.target.checked)} aria-describedby={`${id}-hint`} />
        <span>Anyone with the address may see this link's statistics</span>
      </label>
      <span id={`${id}-hint`} className="hint">
        Clicks, countries, devices, browsers and referrers; never visitors, addresses or your other links.
      </span>
      {form.on ? (
        <>
          {protectedNow ? (
            <label className="inline">
              <input type="checkbox" checked={form.removePassword} onChange={(e) => form.setRemovePassword(e.target.checked)} /> Remove the page's password
            </label>
          ) : null}
          <label>
            {protectedNow ? 'New page password (leave empty to keep the current one)' : 'Page password (optional)'}
            <input
              name="public_stats_password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              disabled={form.removePassword}
              onChange={(e) => form.setPassword(e.target.value)}
              aria-invalid={Boolean(fields.public_stats_password)}
              aria-describedby={fields.public_stats_password ? `${id}-pw-hint ${id}-error` : `${id}-pw-hint`}
            />
            <span id={`${id}-pw-hint`} className="hint">
              Asked before the page shows anything. At least 4 characters; not the link's own password.
            </span>
            {error}
          </label>
          {savedUrl ? (
            <div className="row public-stats-address">
              <code>{savedUrl}</code>
              <CopyButton text={savedUrl} label="Copy the public stats page's address" />
            </div>
          ) : (
            <p className="hint">The page's address appears here once the link is saved.</p>
          )}
        </>
      ) : null}
    </fieldset>
  );
}
