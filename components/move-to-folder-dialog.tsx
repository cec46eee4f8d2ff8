'use client';
// "Move to folder…" from a link's row menu: pick a folder (or none) and the link is filed there
// (PATCH /api/v1/links/{id} {folder_id}).
import { useId, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import type { Folder } from './folders-api';
import { type Link, linksApi, shortText } from './links-api';

interface MoveToFolderDialogProps {
  link: Link;
  folders: Folder[];
  onMoved: (note: string) => void;
  onFailed: (message: string) => void;
  onClose: () => void;
}

export function MoveToFolderDialog({ link, folders, onMoved, onFailed, onClose }: MoveToFolderDialogProps) {
  const id = useId();
  const [target, setTarget] = useState(link.folder_id ?? '');
  const name = (folderId: string) => folders.find((f) => f.id === folderId)?.name;

  async function move() {
    try {
      await linksApi(`/${link.id}`, { method: 'PATCH', body: { folder_id: target || null } });
      onMoved(target ? `Moved ${shortText(link.short_url)} to “${name(target)}”.` : `Took ${shortText(link.short_url)} out of its folder.`);
    } catch (e) {
      onFailed(`Could not move: ${(e as Error).message}`);
    }
  }

  return (
    <ConfirmDialog
      title={`Move ${shortText(link.short_url)} to a folder`}
      confirmLabel="Move"
      confirmDisabled={target === (link.folder_id ?? '')}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void move();
      }}
    >
      <label className="stack-label" htmlFor={`${id}-folder`}>
        Folder
        <select id={`${id}-folder`} value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Not in a folder</option>
          {folders.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      {folders.length === 0 ? <p className="muted">No folders yet: make one with the “Folders” button above the list.</p> : null}
    </ConfirmDialog>
  );
}
