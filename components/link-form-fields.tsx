'use client';
// The link dialog's fields (link-form-dialog.tsx): destination and UTM values, domain and alias
// (checked as you type), password, expiration and click limit, start and end, the query passed on,
// routing rules, an A/B test, app links, public stats, tags, a note and the social preview. The
// API's field errors show next to their fields.
import { DateTimePicker } from './date-time-picker';
import { LinkAbTestEditor } from './link-ab-test-editor';
import { LinkAppFields } from './link-app-fields';
import type { LinkForm } from './link-form-state';
import { LinkPublicStatsFields } from './link-public-stats-fields';
import { LinkRenameNotice } from './link-rename-notice';
import { LinkRulesEditor } from './link-rules-editor';
import { LinkScheduleFields } from './link-schedule-fields';
import { LinkFolderField } from './link-folder-field';
import { LinkTagsField } from './link-tags-field';
import { LinkUtmFields } from './link-utm-fields';
import { SocialPreviewSection } from './social-preview-section';

const MAX_NOTE = 2000;

interface LinkFormFieldsProps {
  form: LinkForm;
  /** Field errors by name, from the API or found before sending. */
  fields: Record<string, string>;
  /** Forgets one field's error (a new alias: the server's word on the old one no longer applies). */
  clearField: (name: string) => void;
  /** The dialog's useId, the prefix of the fields' element ids. */
  id: string;
}

export function LinkFormFields({ form, fields, clearField, id }: LinkFormFieldsProps) {
  const { link, availability } = form;
  const describedBy = (name: string, hint?: string) => [fields[name] ? `${id}-${name}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="field-error" id={`${id}-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const aliasHint =
    availability.state === 'checking'
      ? 'Checking…'
      : availability.state === 'done'
        ? availability.available
          ? 'Available'
          : (availability.message ?? 'Not available')
        : link
          ? ''
          : 'Leave empty for a random 7-character code.';

  return (
    <div className="stack link-form-fields">
      <label>
        Destination URL
        <input
          name="url"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder="example.com/a/long/page"
          value={form.url}
          onChange={(e) => form.setUrl(e.target.value)}
          aria-invalid={Boolean(fields.url)}
          aria-describedby={describedBy('url')}
        />
        {fieldError('url')}
      </label>
      <LinkUtmFields url={form.url} onUrl={form.setUrl} />
      <div className="link-dialog-grid">
        <label>
          Domain
          <select
            name="domain_id"
            value={form.domainId}
            onChange={(e) => form.setDomainId(e.target.value)}
            disabled={Boolean(link)}
            aria-describedby={describedBy('domain_id')}
          >
            {form.options.map((d) => (
              <option key={d.id} value={d.id}>
                {d.hostname}
              </option>
            ))}
          </select>
          {fieldError('domain_id')}
        </label>
        <label>
          Alias (optional)
          <input
            name="alias"
            autoComplete="off"
            spellCheck={false}
            placeholder="spring-sale"
            value={form.alias}
            onChange={(e) => {
              form.setAlias(e.target.value);
              if (fields.alias) clearField('alias');
            }}
            aria-invalid={Boolean(fields.alias) || (availability.state === 'done' && !availability.available)}
            aria-describedby={describedBy('alias', fields.alias ? undefined : `${id}-alias-hint`)}
          />
          {/* The server's error, once there is one, says it alone (the hint said the same thing a second time). */}
          {!fields.alias && (
            <span
              id={`${id}-alias-hint`}
              className={`hint${availability.state === 'done' ? (availability.available ? ' ok' : ' field-error') : ''}`}
              aria-live="polite"
            >
              {aliasHint}
            </span>
          )}
          {fieldError('alias')}
        </label>
      </div>
      {form.renamed && link ? (
        <LinkRenameNotice oldShortLink={`${form.prefix}${link.short_code}`.replace(/^https?:\/\//, '')} free={form.freeOldCode} onFree={form.setFreeOldCode} />
      ) : null}
      {link?.password_protected ? (
        <fieldset>
          <legend>Password</legend>
          <label className="inline">
            <input type="checkbox" checked={form.removePassword} onChange={(e) => form.setRemovePassword(e.target.checked)} /> Remove the password
          </label>
          <label>
            New password (leave empty to keep the current one)
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              disabled={form.removePassword}
              onChange={(e) => form.setPassword(e.target.value)}
              aria-invalid={Boolean(fields.password)}
              aria-describedby={describedBy('password')}
            />
            {fieldError('password')}
          </label>
        </fieldset>
      ) : (
        <label>
          Password (optional)
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => form.setPassword(e.target.value)}
            aria-invalid={Boolean(fields.password)}
            aria-describedby={describedBy('password', `${id}-password-hint`)}
          />
          <span id={`${id}-password-hint`} className="hint">
            Visitors must enter it before they are redirected. At least 4 characters.
          </span>
          {fieldError('password')}
        </label>
      )}
      <div className="link-dialog-grid">
        <DateTimePicker
          label="Expires (optional)"
          name="expiration"
          value={form.expiration}
          onChange={form.setExpiration}
          hint="Leave empty to never expire."
          invalid={Boolean(fields.expiration)}
          describedBy={fields.expiration ? `${id}-expiration-error` : undefined}
        >
          {fieldError('expiration')}
        </DateTimePicker>
        <label>
          Click limit (optional)
          <input
            name="max_clicks"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={form.maxClicks}
            onChange={(e) => form.setMaxClicks(e.target.value)}
            aria-invalid={Boolean(fields.max_clicks)}
            aria-describedby={describedBy('max_clicks', `${id}-max-hint`)}
          />
          <span id={`${id}-max-hint`} className="hint">
            After this many visits the link counts as expired (people's visits; bots' too if ticked below).
          </span>
          {fieldError('max_clicks')}
        </label>
      </div>
      <LinkScheduleFields form={form.schedule} fields={fields} />
      <label className="inline">
        <input type="checkbox" name="forward_query" checked={form.forwardQuery} onChange={(e) => form.setForwardQuery(e.target.checked)} />
        <span>
          Pass the visit's query on <span className="muted">(?ref=mail is added to the destination)</span>
        </span>
      </label>
      <LinkRulesEditor form={form.rules} fields={fields} abTest={form.abTest.mode !== 'off'} />
      <LinkAbTestEditor form={form.abTest} fields={fields} destination={form.url} />
      <LinkAppFields form={form.apps} fields={fields} />
      <LinkPublicStatsFields form={form.publicStats} fields={fields} link={link} />
      <LinkTagsField value={form.tags} onChange={form.setTags} error={fields.tags} idPrefix={id} />
      <LinkFolderField value={form.folderId} onChange={form.setFolderId} error={fields.folder_id} idPrefix={id} />
      <label>
        Note (optional)
        <textarea
          name="note"
          rows={2}
          maxLength={MAX_NOTE}
          placeholder="Who asked for it, where it is printed…"
          value={form.note}
          onChange={(e) => form.setNote(e.target.value)}
          aria-invalid={Boolean(fields.note)}
          aria-describedby={describedBy('note', `${id}-note-hint`)}
        />
        <span id={`${id}-note-hint`} className="hint">
          Only your workspace sees it; the list search finds it.
        </span>
        {fieldError('note')}
      </label>
      <SocialPreviewSection form={form.social} host={form.chosen?.hostname ?? ''} linkId={link?.id ?? null} fields={fields} showCard={false} />
    </div>
  );
}
