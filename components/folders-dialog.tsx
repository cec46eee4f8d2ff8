'use client';
// Managing the workspace's folders (from the links toolbar's "Folders" button): create one, rename
// one in place, delete one after a confirmation that says its links are kept, unfiled. Each change
// is saved at once; `onChanged` reads the folders (and the list) again.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { type Folder, foldersApi } from './folders-api';
import { formatCount } from './links-api';

interface FoldersDialogProps {
  folders: Folder[];
  onChanged: (note: string) => void;
  onClose: () => void;
}

const MAX_NAME = 60;

export function FoldersDialog({ folders, onChanged, onClose }: FoldersDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  async function run(action: () => Promise<unknown>, note: string) {
    setBusy(true);
    setError(null);
    try {
      await action();
      onChanged(note);
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    const wanted = name.trim();
    if (await run(() => foldersApi('', { method: 'POST', body: { name: wanted } }), `Created the folder “${wanted}”.`)) setName('');
  }

  async function rename(e: FormEvent) {
    e.preventDefault();
    if (!renaming) return;
    const wanted = renaming.name.trim();
    if (await run(() => foldersApi(`/${renaming.id}`, { method: 'PATCH', body: { name: wanted } }), `Renamed the folder to “${wanted}”.`)) setRenaming(null);
  }

  return (
    <dialog ref={dialog} className="confirm-dialog folders-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>Folders</h2>
      <p className="muted">A link is in at most one folder. Filter the list by folder, or move a link from its “…” menu.</p>
      <form className="folder-new row" onSubmit={create}>
        <input aria-label="New folder name" placeholder="New folder name" maxLength={MAX_NAME} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={busy || name.trim() === ''}>
          Create
        </button>
      </form>
      <FormError message={error} />
      {folders.length === 0 ? (
        <p className="muted">No folders yet.</p>
      ) : (
        <ul className="folder-list">
          {folders.map((f) => (
            <li key={f.id} className="row between">
              {renaming?.id === f.id ? (
                <form className="row folder-rename" onSubmit={rename}>
                  <input
                    aria-label={`New name for ${f.name}`}
                    maxLength={MAX_NAME}
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: f.id, name: e.target.value })}
                    autoFocus
                  />
                  <button type="submit" className="small" disabled={busy || renaming.name.trim() === ''}>
                    Save
                  </button>
                  <button type="button" className="secondary small" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span className="folder-name">
                    {f.name} <span className="muted">({f.links === 1 ? '1 link' : `${formatCount(f.links)} links`})</span>
                  </span>
                  <span className="row">
                    <button type="button" className="secondary small" aria-label={`Rename ${f.name}`} onClick={() => setRenaming({ id: f.id, name: f.name })}>
                      Rename
                    </button>
                    <button type="button" className="secondary small danger" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
                      Delete
                    </button>
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
          Done
        </button>
      </div>
      {deleting ? (
        <ConfirmDialog
          title={`Delete the folder “${deleting.name}”?`}
          confirmLabel="Delete folder"
          destructive
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const gone = deleting;
            setDeleting(null);
            void run(() => foldersApi(`/${gone.id}`, { method: 'DELETE' }), `Deleted the folder “${gone.name}”; its links are kept.`);
          }}
        >
          <p>
            Its links are kept and become unfiled{deleting.links > 0 ? ` (${deleting.links === 1 ? '1 link' : `${formatCount(deleting.links)} links`})` : ''}.
            Only the folder goes.
          </p>
        </ConfirmDialog>
      ) : null}
    </dialog>
  );
}
