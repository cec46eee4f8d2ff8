'use client';
// The bar over the links list while rows are selected: archive, unarchive, add or remove a tag, move
// to another domain or folder, delete. Each change is one POST /api/v1/links/bulk-update and its notice offers
// Undo, which sends the reverse (a move goes back to each link's own domain or folder). Delete is held back: the
// rows are hidden and "N links deleted · Undo" shows for DELETE_DELAY_MS; only then is bulk-delete
// sent, so Undo (or closing the tab) deletes nothing. Leaving the page sends it at once.
import { useEffect, useRef } from 'react';
import { FilterMenu } from './filter-menu';
import { type Folder, UNFILED } from './folders-api';
import { Icon } from './icons';
import { formatCount, linksApi, type DomainOption, type Link } from './links-api';
import { useToast } from './toasts';

export const DELETE_DELAY_MS = 6000;

type BulkChange = { archived?: boolean; add_tags?: string[]; remove_tags?: string[]; domain_id?: number; folder_id?: string | null };
type BulkAnswer = { updated: number; failed: Array<{ id: number; message: string }> };

const count = (n: number) => (n === 1 ? '1 link' : `${formatCount(n)} links`);

interface BulkActionsProps {
  selected: Link[];
  /** The workspace's tags, for "Add tag". */
  tags: string[];
  domains: DomainOption[];
  /** The workspace's folders, for "Move to folder". */
  folders: Folder[];
  onClear: () => void;
  /** After a change (or its undo): read the list again. */
  onChanged: () => void;
  /** Rows deleted but not sent yet are hidden; false shows them again (undo). */
  onHide: (ids: number[], hidden: boolean) => void;
}

export function BulkActions({ selected, tags, domains, folders, onClear, onChanged, onHide }: BulkActionsProps) {
  const toast = useToast();
  const pending = useRef(new Map<number, { ids: number[]; timer: ReturnType<typeof setTimeout> }>());

  // Deletions still waiting are sent when the page goes (a closed tab sends nothing).
  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const { ids, timer } of waiting.values()) {
        clearTimeout(timer);
        void linksApi('/bulk-delete', { method: 'POST', body: { ids } }).catch(() => {});
      }
    };
  }, []);

  const send = (ids: number[], change: BulkChange) => linksApi<BulkAnswer>('/bulk-update', { method: 'POST', body: { ids, ...change } });

  async function apply(ids: number[], change: BulkChange, done: (n: number) => string, undo: () => Promise<unknown>) {
    if (ids.length === 0) return;
    try {
      const answer = await send(ids, change);
      onClear();
      onChanged();
      const failed = answer.failed.length ? ` ${count(answer.failed.length)} could not move: ${answer.failed[0].message}` : '';
      toast.show(`${done(answer.updated)}.${failed}`, {
        kind: answer.failed.length && !answer.updated ? 'error' : 'success',
        durationMs: 8000,
        action: answer.updated
          ? {
              label: 'Undo',
              onAction: () =>
                void undo()
                  .then(() => (onChanged(), toast.show('Undone.')))
                  .catch((e: Error) => toast.show(`Could not undo: ${e.message}`, { kind: 'error' })),
            }
          : undefined,
      });
      return answer;
    } catch (e) {
      toast.show(`Could not change the links: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  function archive(archived: boolean) {
    const ids = selected.filter((l) => Boolean(l.archived) !== archived).map((l) => l.id);
    void apply(
      ids,
      { archived },
      (n) => `${count(n)} ${archived ? 'archived' : 'unarchived'}`,
      () => send(ids, { archived: !archived }),
    );
  }

  function addTag(tag: string) {
    const ids = selected.filter((l) => !l.tags.includes(tag)).map((l) => l.id);
    void apply(
      ids,
      { add_tags: [tag] },
      (n) => `#${tag} added to ${count(n)}`,
      () => send(ids, { remove_tags: [tag] }),
    );
  }

  function removeTag(tag: string) {
    const ids = selected.filter((l) => l.tags.includes(tag)).map((l) => l.id);
    void apply(
      ids,
      { remove_tags: [tag] },
      (n) => `#${tag} removed from ${count(n)}`,
      () => send(ids, { add_tags: [tag] }),
    );
  }

  async function move(domainId: number) {
    const moving = selected.filter((l) => l.domain.id !== domainId);
    const to = domains.find((d) => d.id === domainId)?.hostname ?? 'the domain';
    let failed = new Set<number>();
    const answer = await apply(
      moving.map((l) => l.id),
      { domain_id: domainId },
      (n) => `${count(n)} moved to ${to}`,
      // Back to each link's own domain, one request per domain.
      async () => {
        const back = new Map<number, number[]>();
        for (const l of moving) if (!failed.has(l.id)) back.set(l.domain.id, [...(back.get(l.domain.id) ?? []), l.id]);
        for (const [domain, ids] of back) await send(ids, { domain_id: domain });
      },
    );
    failed = new Set(answer?.failed.map((f) => f.id));
  }

  function file(folderId: string | null) {
    const moving = selected.filter((l) => l.folder_id !== folderId);
    const name = folderId ? (folders.find((f) => f.id === folderId)?.name ?? 'the folder') : null;
    void apply(
      moving.map((l) => l.id),
      { folder_id: folderId },
      (n) => (name ? `${count(n)} moved to ${name}` : `${count(n)} taken out of their folder`),
      // Back to each link's own folder (or none), one request per folder.
      async () => {
        const back = new Map<string | null, number[]>();
        for (const l of moving) back.set(l.folder_id, [...(back.get(l.folder_id) ?? []), l.id]);
        for (const [folder, ids] of back) await send(ids, { folder_id: folder });
      },
    );
  }

  function remove() {
    const ids = selected.map((l) => l.id);
    onHide(ids, true);
    onClear();
    const key = ids[0];
    const timer = setTimeout(() => {
      pending.current.delete(key);
      linksApi<{ deleted: number }>('/bulk-delete', { method: 'POST', body: { ids } })
        .then(() => onChanged())
        .catch((e: Error) => {
          onHide(ids, false);
          toast.show(`Could not delete: ${e.message}`, { kind: 'error' });
        });
    }, DELETE_DELAY_MS);
    pending.current.set(key, { ids, timer });
    toast.show(`${count(ids.length)} deleted`, {
      durationMs: DELETE_DELAY_MS,
      action: {
        label: 'Undo',
        onAction: () => {
          clearTimeout(timer);
          pending.current.delete(key);
          onHide(ids, false);
        },
      },
    });
  }

  if (selected.length === 0) return null;
  const anyArchived = selected.some((l) => l.archived);
  const anyLive = selected.some((l) => !l.archived);
  const onSelected = [...new Set(selected.flatMap((l) => l.tags))].sort();
  const others = domains.filter((d) => selected.some((l) => l.domain.id !== d.id));

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selected links">
      <span className="bulk-count">{selected.length === 1 ? '1 selected' : `${formatCount(selected.length)} selected`}</span>
      <div className="bulk-buttons">
        {anyLive ? (
          <button type="button" className="secondary small" onClick={() => archive(true)}>
            Archive
          </button>
        ) : null}
        {anyArchived ? (
          <button type="button" className="secondary small" onClick={() => archive(false)}>
            Unarchive
          </button>
        ) : null}
        {tags.length ? (
          <FilterMenu label="Add tag" buttonText="Add tag" value="" options={tags.map((t) => ({ value: t, label: `#${t}` }))} onChange={addTag} />
        ) : null}
        {onSelected.length ? (
          <FilterMenu
            label="Remove tag"
            buttonText="Remove tag"
            value=""
            options={onSelected.map((t) => ({ value: t, label: `#${t}` }))}
            onChange={removeTag}
          />
        ) : null}
        {others.length && domains.length > 1 ? (
          <FilterMenu
            label="Move to domain"
            buttonText="Move to…"
            value=""
            options={others.map((d) => ({ value: String(d.id), label: d.hostname }))}
            onChange={(id) => void move(Number(id))}
          />
        ) : null}
        {folders.length ? (
          <FilterMenu
            label="Move to folder"
            buttonText="Move to folder…"
            value=""
            options={[...folders.map((f) => ({ value: f.id, label: f.name })), { value: UNFILED, label: 'No folder' }]}
            onChange={(id) => file(id === UNFILED ? null : id)}
          />
        ) : null}
        <button type="button" className="secondary small danger" onClick={remove}>
          Delete
        </button>
        <button type="button" className="icon-button" aria-label="Clear selection" onClick={onClear}>
          <Icon name="close" size={16} />
        </button>
      </div>
    </div>
  );
}
