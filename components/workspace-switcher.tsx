'use client';
// The header's workspace switcher: the current workspace and your role in it; opens a list of your
// workspaces (choosing one switches this session to it) and "Create workspace". A disclosure, not
// an ARIA menu: Tab moves through it; Escape, a click outside or tabbing away closes it.
import { useEffect, useId, useRef, useState } from 'react';
import { showWorkspaceChange } from './after-workspace-change';
import { apiJson } from './api-client';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { flashToast, useToast } from './toasts';
import { ROLE_NAMES, type WorkspaceJson } from './workspace-api';

export function WorkspaceSwitcher({ currentId, workspaces }: { currentId: string; workspaces: WorkspaceJson[] }) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const toast = useToast();
  const current = workspaces.find((w) => w.id === currentId) ?? workspaces[0];

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  async function choose(w: WorkspaceJson) {
    if (w.id === currentId) return setOpen(false);
    setBusy(w.id);
    try {
      await apiJson(`/api/v1/workspaces/${encodeURIComponent(w.id)}/switch`, { method: 'POST' });
      flashToast(`Switched to ${w.name}.`);
      showWorkspaceChange();
    } catch (e) {
      setBusy(null);
      toast.show(`Could not switch to ${w.name}: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  if (!current) return null;
  return (
    <div className="switcher" ref={root} onBlur={(e) => e.relatedTarget && !root.current?.contains(e.relatedTarget) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        className="switcher-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="workspace-switcher"
      >
        <span className="ws-mark" aria-hidden="true">
          {current.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only">Workspace: </span>
        <span className="ws-name">{current.name}</span>
        <span className="ws-role">{ROLE_NAMES[current.role]}</span>
      </button>
      <div id={panelId} className="switcher-panel" hidden={!open}>
        <p className="switcher-title" id={`${panelId}-title`}>
          Your workspaces
        </p>
        <ul aria-labelledby={`${panelId}-title`}>
          {workspaces.map((w) => (
            <li key={w.id}>
              <button type="button" aria-current={w.id === currentId ? 'true' : undefined} disabled={busy !== null} onClick={() => void choose(w)}>
                <span className="ws-mark" aria-hidden="true">
                  {w.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="ws-text">
                  <span className="ws-name">{w.name}</span>
                  <span className="hint">
                    {w.kind === 'personal' ? 'Personal' : 'Team'} · {ROLE_NAMES[w.role]}
                    {busy === w.id ? ' · switching…' : ''}
                  </span>
                </span>
                {w.id === currentId ? (
                  <span className="ws-check" aria-hidden="true">
                    ✓
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="switcher-create" onClick={() => (setOpen(false), setCreating(true))}>
          + Create workspace
        </button>
      </div>
      {creating ? <CreateWorkspaceDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
