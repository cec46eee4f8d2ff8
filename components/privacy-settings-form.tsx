'use client';
// Settings → Privacy: what the workspace's clicks keep of their visitors (docs/guide/privacy.md).
// Each choice shows whether it follows the instance's default or is set here, and can go back to it.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { TWorkspacePrivacy } from '@/lib/workspaces/privacy-schema';
import { type ApiError, apiJson } from './api-client';
import { FormError } from './form-error';
import { useToast } from './toasts';

type Settings = TWorkspacePrivacy['settings'];
type IpMode = NonNullable<Settings['ip']>;
type Toggle = 'user_agent' | 'referrer' | 'honor_opt_out';

const IP_CHOICES: Array<[IpMode, string, string]> = [
  ['full', 'Full address', 'The whole address is kept with each click.'],
  ['anonymized', 'Anonymised', 'IPv4 to its /24 (203.0.113.0), IPv6 to its /48: the network, not the device.'],
  ['none', 'Not kept', 'No address at all; countries and cities are still looked up before it is dropped.'],
];
const TOGGLES: Array<[Toggle, string, string]> = [
  ['user_agent', 'Keep user agents', 'The browser’s full identification string. Device, browser and OS are kept either way.'],
  ['referrer', 'Keep referrers', 'The page a visitor came from, and its host.'],
  [
    'honor_opt_out',
    'Honour Do Not Track and Global Privacy Control',
    'A visit sending DNT: 1 or Sec-GPC: 1 is counted with its country and kind of device only.',
  ],
];
/** Retentions offered, in days; only those shorter than the plan's are shown. */
const RETENTIONS = [7, 14, 30, 60, 90, 180, 365, 730];

const days = (n: number) => (n % 365 === 0 ? (n === 365 ? '1 year' : `${n / 365} years`) : `${n} days`);
const onOff = (v: boolean) => (v ? 'on' : 'off');

export function PrivacySettingsForm({ privacy, editable }: { privacy: TWorkspacePrivacy; editable: boolean }) {
  const [saved, setSaved] = useState(privacy);
  const [values, setValues] = useState<Settings>(privacy.settings);
  const [ranges, setRanges] = useState(privacy.settings.excluded_ranges.join('\n'));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const { defaults } = saved;
  const set = (change: Partial<Settings>) => setValues({ ...values, ...change });

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const excluded = ranges
      .split('\n')
      .map((r) => r.trim())
      .filter(Boolean);
    const { excluded_ranges: _, ...choices } = values;
    try {
      const { privacy: next } = await apiJson<{ privacy: TWorkspacePrivacy }>('/api/v1/workspace/privacy', {
        method: 'PATCH',
        body: { ...choices, excluded_ranges: excluded },
      });
      setSaved(next);
      setValues(next.settings);
      setRanges(next.settings.excluded_ranges.join('\n'));
      toast.show('Privacy settings saved');
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  }

  const field = (key: string) => error?.details[key];
  const planDays = defaults.click_retention_days;
  const retentions = RETENTIONS.filter((d) => planDays === null || d < planDays);
  if (values.click_retention_days !== null && !retentions.includes(values.click_retention_days)) retentions.push(values.click_retention_days);
  return (
    <form className="stack privacy-form" onSubmit={save} noValidate>
      <fieldset disabled={!editable}>
        <legend>IP addresses</legend>
        <div className="choice-list">
          {IP_CHOICES.map(([mode, label, hint]) => (
            <label key={mode} className="choice">
              <input type="radio" name="ip" value={mode} checked={(values.ip ?? defaults.ip) === mode} onChange={() => set({ ip: mode })} />
              <span>
                <strong>
                  {label}
                  {defaults.ip === mode && <span className="default-tag">Instance default</span>}
                </strong>
                <span className="hint">{hint}</span>
              </span>
            </label>
          ))}
        </div>
        <Follows
          chosen={values.ip !== null}
          what={IP_CHOICES.find(([m]) => m === defaults.ip)?.[1].toLowerCase() ?? defaults.ip}
          onReset={() => set({ ip: null })}
        />
        {field('ip') && <span className="field-error">{field('ip')}</span>}
      </fieldset>

      <fieldset disabled={!editable}>
        <legend>Visitor details</legend>
        {TOGGLES.map(([key, label, hint]) => (
          <div key={key} className="privacy-toggle">
            <label className="choice">
              <input type="checkbox" name={key} checked={values[key] ?? defaults[key]} onChange={(e) => set({ [key]: e.target.checked })} />
              <span>
                <strong>{label}</strong>
                <span className="hint">{hint}</span>
              </span>
            </label>
            <Follows chosen={values[key] !== null} what={onOff(defaults[key])} onReset={() => set({ [key]: null })} />
          </div>
        ))}
      </fieldset>

      <label>
        Excluded IP ranges
        <textarea
          name="excluded_ranges"
          value={ranges}
          rows={4}
          readOnly={!editable}
          spellCheck={false}
          placeholder={'203.0.113.0/24\n2001:db8:1::/48'}
          onChange={(e) => setRanges(e.target.value)}
          aria-invalid={field('excluded_ranges') ? true : undefined}
          aria-describedby="excluded-hint"
        />
        <span id="excluded-hint" className="hint">
          One address or CIDR range per line, IPv4 or IPv6 (your office, your own tests). Visits from them are neither stored nor counted.
        </span>
        {field('excluded_ranges') && <span className="field-error">{field('excluded_ranges')}</span>}
      </label>

      <label>
        Keep clicks for
        <select
          name="click_retention_days"
          value={values.click_retention_days ?? ''}
          disabled={!editable}
          onChange={(e) => set({ click_retention_days: e.target.value === '' ? null : Number(e.target.value) })}
          aria-invalid={field('click_retention_days') ? true : undefined}
        >
          <option value="">As long as the plan keeps them ({planDays === null ? 'no limit' : days(planDays)})</option>
          {retentions
            .sort((a, b) => a - b)
            .map((d) => (
              <option key={d} value={d}>
                {days(d)}
              </option>
            ))}
        </select>
        <span className="hint">Older clicks, their counts and unique visitors are deleted each night. Only periods shorter than the plan’s are offered.</span>
        {field('click_retention_days') && <span className="field-error">{field('click_retention_days')}</span>}
      </label>

      <FormError message={error && !['ip', 'excluded_ranges', 'click_retention_days'].some((k) => field(k)) ? error.message : null} />
      {editable ? (
        <div>
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save privacy settings'}
          </button>
        </div>
      ) : (
        <p className="muted">Only admins and the owner change the privacy settings.</p>
      )}
    </form>
  );
}

/** "Follows the instance default (on)", or "Set for this workspace · Use the default (on)". */
function Follows({ chosen, what, onReset }: { chosen: boolean; what: string; onReset: () => void }): ReactNode {
  if (!chosen) return <span className="hint follows">Follows the instance default ({what}).</span>;
  return (
    <span className="hint follows">
      Set for this workspace.{' '}
      <button type="button" className="link-button" onClick={onReset}>
        Use the instance default ({what})
      </button>
    </span>
  );
}
