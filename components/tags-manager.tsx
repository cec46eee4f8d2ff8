'use client';
// The Tags page's list: every tag of the workspace as a chip in its colour with how many links carry
// it; rename inline, recolour from the palette, select several and merge them into one, delete after
// a red confirmation that says how many links lose the tag (docs/guide/folders-and-tags.md).
import { useCallback, useEffect, useState } from 'react';
import type { TagColor } from '@/lib/tags/tag-colors';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { formatCount } from './links-api';
import { TagChip } from './tag-chip';
import { TagColorMenu } from './tag-color-menu';
import { deleteTag, listTags, mergeTags, type TagItem, updateTag } from './tags-api';
import { useToast } from './toasts';

const links = (n: number) => `${formatCount(n)} ${n === 1 ? 'link' : 'links'}`;

interface TagsManagerProps {
  /** A member's rename, merge and delete change only the links it created: the page says so. */
  ownLinksOnly: boolean;
}

export function TagsManager({ ownLinksOnly }: TagsManagerProps) {
  const toast = useToast();
  const [tags, setTags] = useState<TagItem[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<{ name: string; text: string; error?: string } | null>(null);
  const [merging, setMerging] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TagItem | null>(null);

  const reload = useCallback(async () => {
    try {
      const fresh = await listTags();
      setTags(fresh);
      setSelected((s) => new Set([...s].filter((n) => fresh.some((t) => t.name === n))));
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs a change, then reads the list again; a refusal is shown above the list. */
  const run = async (change: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      toast.show(await change());
      await reload();
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!renaming) return;
    const { name, text } = renaming;
    setBusy(true);
    try {
      const { tag, changed } = await updateTag(name, { name: text });
      setRenaming(null);
      toast.show(tag.name === name ? 'Nothing to rename.' : `Renamed ${name} to ${tag.name} on ${links(changed)}.`);
      await reload();
    } catch (err) {
      setRenaming({ ...renaming, error: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const recolor = (name: string, color: TagColor) =>
    run(async () => {
      await updateTag(name, { color });
      return `${name} is ${color} now.`;
    });

  const toggle = (name: string, on: boolean) => setSelected((s) => (on ? new Set([...s, name]) : new Set([...s].filter((n) => n !== name))));
  const chosen = tags?.filter((t) => selected.has(t.name)) ?? [];

  if (tags === null) return error ? <FormError message={error} /> : <p className="muted">Loading tags…</p>;
  return (
    <div className="stack">
      {ownLinksOnly ? <p className="muted">Renaming, merging and deleting change the links you created; the others keep their tags.</p> : null}
      <FormError message={error} />
      {chosen.length >= 2 ? (
        <div className="merge-bar" role="region" aria-label="Selected tags">
          <span>{chosen.length} tags selected</span>
          <button type="button" className="small" disabled={busy} onClick={() => setMerging(chosen[0].name)}>
            Merge into…
          </button>
          <button type="button" className="secondary small" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </div>
      ) : null}
      {tags.length === 0 ? (
        <div className="empty-state">
          <p>No tags yet. Give a link a tag in its dialog, and it shows here.</p>
        </div>
      ) : (
        <ul className="tag-rows" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag.name} className="tag-row" data-testid="tag-row" data-tag={tag.name}>
              <input type="checkbox" aria-label={`Select ${tag.name}`} checked={selected.has(tag.name)} onChange={(e) => toggle(tag.name, e.target.checked)} />
              {renaming?.name === tag.name ? (
                <form onSubmit={rename}>
                  <input
                    aria-label={`New name for ${tag.name}`}
                    value={renaming.text}
                    autoComplete="off"
                    spellCheck={false}
                    // biome-ignore lint/a11y/noAutofocus: the field appears where the user pressed Rename, and takes the typing
                    autoFocus
                    aria-invalid={Boolean(renaming.error)}
                    aria-describedby={renaming.error ? `rename-error-${tag.name}` : undefined}
                    onChange={(e) => setRenaming({ name: tag.name, text: e.target.value })}
                    onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                  />
                  <button type="submit" className="small" disabled={busy || !renaming.text.trim()}>
                    Save
                  </button>
                  <button type="button" className="secondary small" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                  {renaming.error ? (
                    <span className="field-error" id={`rename-error-${tag.name}`}>
                      {renaming.error}
                    </span>
                  ) : null}
                </form>
              ) : (
                <TagChip name={tag.name} color={tag.color} />
              )}
              <a className="tag-count muted" href={`/links?tag=${encodeURIComponent(tag.name)}`}>
                {links(tag.links)}
              </a>
              <div className="tag-actions">
                {renaming?.name === tag.name ? null : (
                  <button type="button" className="secondary small" disabled={busy} onClick={() => setRenaming({ name: tag.name, text: tag.name })}>
                    Rename<span className="sr-only"> {tag.name}</span>
                  </button>
                )}
                <TagColorMenu name={tag.name} value={tag.color} disabled={busy} onPick={(c) => void recolor(tag.name, c)} />
                <button type="button" className="secondary small danger" disabled={busy} onClick={() => setDeleting(tag)}>
                  Delete<span className="sr-only"> {tag.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {merging !== null ? (
        <ConfirmDialog
          title={`Merge ${chosen.length} tags`}
          confirmLabel={`Merge into ${merging}`}
          onCancel={() => setMerging(null)}
          onConfirm={() => {
            const from = chosen.map((t) => t.name);
            const into = merging;
            setMerging(null);
            void run(async () => {
              const { changed } = await mergeTags(from, into);
              setSelected(new Set());
              return `Merged into ${into} on ${links(changed)}.`;
            });
          }}
        >
          <p>Every link with one of {chosen.map((t) => t.name).join(', ')} gets the tag you keep instead, once.</p>
          <label className="stack-label">
            Keep
            <select value={merging} onChange={(e) => setMerging(e.target.value)}>
              {chosen.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.name} ({links(t.links)})
                </option>
              ))}
            </select>
          </label>
        </ConfirmDialog>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={`Delete the tag ${deleting.name}?`}
          confirmLabel="Delete tag"
          destructive
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const { name } = deleting;
            setDeleting(null);
            void run(async () => {
              const { changed } = await deleteTag(name);
              return `Deleted ${name} from ${links(changed)}.`;
            });
          }}
        >
          <p className="field-error">
            {deleting.links === 0 ? 'No link carries it; its colour goes.' : `${links(deleting.links)} will lose this tag. The links themselves stay.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
