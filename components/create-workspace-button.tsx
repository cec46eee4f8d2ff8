'use client';
// A button that opens the Create workspace dialog (used where a personal workspace cannot do
// what the page is for, e.g. inviting people).
import { useState } from 'react';
import { CreateWorkspaceDialog } from './create-workspace-dialog';

export function CreateWorkspaceButton({ label = 'Create a team workspace' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? <CreateWorkspaceDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
