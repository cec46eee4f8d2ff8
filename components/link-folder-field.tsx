'use client';
// The link dialog's folder: one of the workspace's folders, or none (folder_id). It reads the
// folders itself, so every dialog (the links page's, a link's own page) has it; a workspace without
// folders sees no field.
import { useEffect, useState } from 'react';
import { type Folder, listFolders } from './folders-api';

interface LinkFolderFieldProps {
  /** The folder's id, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The API's message for `folder_id`, if any. */
  error?: string;
  /** A prefix for the field's element ids (the dialog's useId). */
  idPrefix: string;
}

export function LinkFolderField({ value, onChange, error, idPrefix }: LinkFolderFieldProps) {
  const [folders, setFolders] = useState<Folder[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    listFolders()
      .then((f) => !cancelled && setFolders(f))
      .catch(() => !cancelled && setFolders([]));
    return () => {
      cancelled = true;
    };
  }, []);
  if (!folders || (folders.length === 0 && !value)) return null;
  const errorId = `${idPrefix}-folder-error`;
  return (
    <label>
      Folder (optional)
      <select
        name="folder_id"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">Not in a folder</option>
        {folders.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        {value && !folders.some((f) => f.id === value) ? <option value={value}>A deleted folder</option> : null}
      </select>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
