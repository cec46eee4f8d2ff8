'use client';
// The landing-page editor of a custom domain: HTML, CSS and JavaScript in tabs, a live preview in a
// sandboxed iframe (assembled exactly as the domain serves it), the size against the limit, and what
// the domain's root shows. Save (or Ctrl/Cmd+S) stores the page, then the root behaviour if it changed.
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { RootBehavior } from '@/db/schema/domains';
import { assembleLanding } from '@/lib/landing/assemble-landing';
import { LANDING_PAGE_MAX_BYTES, landingSize, type LandingParts } from '@/lib/landing/landing-size';
import { ApiError, apiJson } from './api-client';
import { CodeEditor } from './code-editor';
import { useToast } from './toasts';

export interface LandingEditorProps {
  domain: { id: number; hostname: string; status: string; hasCertificate: boolean; rootBehavior: RootBehavior; rootRedirectUrl: string | null };
  initial: LandingParts;
  /** Saved before (false: the starter page is shown, not yet stored). */
  saved: boolean;
}

const TABS: Array<{ id: keyof LandingParts; label: string; name: string }> = [
  { id: 'html', label: 'HTML', name: 'HTML code' },
  { id: 'css', label: 'CSS', name: 'CSS code' },
  { id: 'js', label: 'JavaScript', name: 'JavaScript code' },
];

const BEHAVIORS: Array<{ value: RootBehavior; label: string; hint: string }> = [
  { value: 'landing', label: 'This landing page', hint: 'Visitors to the domain’s root see the page below.' },
  { value: 'redirect', label: 'Redirect to a URL', hint: 'The root sends visitors on with a 302.' },
  { value: 'sling', label: 'Sling’s page', hint: 'A short note that this is a short-link domain.' },
];

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KiB`;
}

/** The nonce of the dashboard's own scripts: the preview inherits the page's policy, which wants it. */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

export function LandingEditor({ domain, initial, saved: savedBefore }: LandingEditorProps) {
  const { show } = useToast();
  const [parts, setParts] = useState<LandingParts>(initial);
  const [savedParts, setSavedParts] = useState<LandingParts | null>(savedBefore ? initial : null);
  const [tab, setTab] = useState<keyof LandingParts>('html');
  const [behavior, setBehavior] = useState<RootBehavior>(domain.rootBehavior);
  const [redirectUrl, setRedirectUrl] = useState(domain.rootRedirectUrl ?? '');
  const [savedRoot, setSavedRoot] = useState({ behavior: domain.rootBehavior, url: domain.rootRedirectUrl ?? '' });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; details: Record<string, string> } | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const size = useMemo(() => landingSize(parts), [parts]);
  const over = size > LANDING_PAGE_MAX_BYTES;
  const pageChanged = savedParts === null || savedParts.html !== parts.html || savedParts.css !== parts.css || savedParts.js !== parts.js;
  const rootChanged = behavior !== savedRoot.behavior || (behavior === 'redirect' && redirectUrl.trim() !== savedRoot.url);
  const dirty = pageChanged || rootChanged;

  // The preview follows the code a moment after typing stops, so it does not reload on every key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the code starts the timer; `preview` is read for its first value only
  useEffect(() => {
    const nonce = pageNonce();
    const timer = setTimeout(() => setPreview(assembleLanding(parts, { nonce })), preview === null ? 0 : 250);
    return () => clearTimeout(timer);
  }, [parts]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = useCallback(async () => {
    if (saving || over) return;
    setSaving(true);
    setError(null);
    try {
      if (pageChanged) {
        await apiJson(`/api/v1/domains/${domain.id}/landing`, { method: 'PUT', body: parts });
        setSavedParts(parts);
      }
      if (rootChanged) {
        const body = behavior === 'redirect' ? { root_behavior: behavior, root_redirect_url: redirectUrl.trim() } : { root_behavior: behavior };
        await apiJson(`/api/v1/domains/${domain.id}`, { method: 'PATCH', body });
        setSavedRoot({ behavior, url: redirectUrl.trim() });
      }
      show(behavior === 'landing' || !rootChanged ? 'Landing page saved' : 'Saved');
    } catch (err) {
      const message = err instanceof Error ? err.message : 'The page could not be saved.';
      setError({ message, details: err instanceof ApiError ? err.details : {} });
      show(message, { kind: 'error' });
    } finally {
      setSaving(false);
    }
  }, [saving, over, pageChanged, rootChanged, domain.id, parts, behavior, redirectUrl, show]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === 'ArrowRight' ? (i + 1) % TABS.length : e.key === 'ArrowLeft' ? (i + TABS.length - 1) % TABS.length : -1;
    if (next === -1) return;
    e.preventDefault();
    setTab(TABS[next].id);
    document.getElementById(`landing-tab-${TABS[next].id}`)?.focus();
  };

  const scheme = domain.hasCertificate ? 'https' : 'http';
  const percent = Math.min(100, (size / LANDING_PAGE_MAX_BYTES) * 100);

  return (
    <div className="landing-editor stack">
      <section className="landing-root" aria-labelledby="landing-root-h">
        <fieldset className="root-behaviors" aria-describedby={error?.details.root_redirect_url ? 'root-url-error' : undefined}>
          <legend id="landing-root-h">
            At <span className="mono">{domain.hostname}/</span> visitors see
          </legend>
          <div className="behavior-options">
            {BEHAVIORS.map((b) => (
              <label key={b.value} className={`behavior-option${behavior === b.value ? ' chosen' : ''}`}>
                <input type="radio" name="root-behavior" value={b.value} checked={behavior === b.value} onChange={() => setBehavior(b.value)} />
                <span>
                  <strong>{b.label}</strong>
                  <span className="hint">{b.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {behavior === 'redirect' ? (
            <label className="redirect-url">
              Redirect the root to
              <input
                type="url"
                inputMode="url"
                placeholder="https://example.com"
                value={redirectUrl}
                aria-invalid={error?.details.root_redirect_url ? true : undefined}
                onChange={(e) => setRedirectUrl(e.target.value)}
              />
              {error?.details.root_redirect_url ? (
                <span id="root-url-error" className="field-error">
                  {error.details.root_redirect_url}
                </span>
              ) : null}
            </label>
          ) : null}
        </fieldset>
      </section>

      <div className="landing-workbench">
        <section className="landing-code" aria-label="Code">
          <div className="landing-tabs" role="tablist" aria-label="Part of the page">
            {TABS.map((t) => (
              <button
                key={t.id}
                id={`landing-tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls={`landing-panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKey}
              >
                {t.label}
              </button>
            ))}
          </div>
          {TABS.map((t) => (
            <div
              key={t.id}
              id={`landing-panel-${t.id}`}
              role="tabpanel"
              aria-labelledby={`landing-tab-${t.id}`}
              hidden={tab !== t.id}
              className="landing-panel"
            >
              <CodeEditor language={t.id} label={t.name} value={initial[t.id]} onChange={(v) => setParts((p) => ({ ...p, [t.id]: v }))} onSave={save} />
            </div>
          ))}
          <p className="hint editor-hint">
            Tab indents; press Esc, then Tab, to leave the editor. <kbd>Ctrl</kbd>+<kbd>S</kbd> saves.
          </p>
        </section>

        <section className="landing-preview" aria-labelledby="landing-preview-h">
          <div className="preview-bar">
            <h2 id="landing-preview-h">Preview</h2>
            <span className="preview-address mono" aria-hidden="true">
              {scheme}://{domain.hostname}/
            </span>
          </div>
          <iframe title="Landing page preview" sandbox="allow-scripts" srcDoc={preview ?? ''} className="preview-frame" />
          <p className="hint">Runs sandboxed, as on your domain. Images, fonts and styles from other sites load only on the live page.</p>
        </section>
      </div>

      <div className="landing-actions">
        <div className="size-meter" data-over={over || undefined}>
          <div className="size-text">
            <span data-testid="landing-size">{kib(size)}</span> of {kib(LANDING_PAGE_MAX_BYTES)}
            {over ? <strong className="error-text"> — too large; remove {kib(size - LANDING_PAGE_MAX_BYTES)} to save</strong> : null}
          </div>
          <div
            className="size-bar"
            role="meter"
            aria-label="Page size"
            aria-valuemin={0}
            aria-valuemax={LANDING_PAGE_MAX_BYTES}
            aria-valuenow={Math.min(size, LANDING_PAGE_MAX_BYTES)}
            aria-valuetext={`${kib(size)} of ${kib(LANDING_PAGE_MAX_BYTES)}`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
        <div className="save-area">
          <span className="muted small" aria-live="polite">
            {saving ? 'Saving…' : dirty ? (savedParts === null ? 'Not saved yet' : 'Unsaved changes') : 'All changes saved'}
          </span>
          <button type="button" onClick={save} disabled={saving || over || !dirty}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      {error && !error.details.root_redirect_url ? (
        <p className="notice" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
