'use client';
// A small modal question (<dialog>): Escape or Cancel says no, focus starts on Cancel. A confirm
// button that deletes or revokes is in the danger colour.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Keeps the confirm button off until the question is answered (e.g. a name typed to confirm). */
  confirmDisabled?: boolean;
  /** The confirm button deletes or revokes something for good: shown in the danger colour. */
  destructive?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, confirmDisabled = false, destructive = false }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const answered = useRef(false);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const answer = (yes: boolean) => {
    answered.current = true;
    dialog.current?.close();
    if (yes) onConfirm();
    else onCancel();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={() => answered.current || onCancel()}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <div id={`${id}-body`}>{children}</div>
      <div className="row">
        {/* biome-ignore lint/a11y/noAutofocus: a confirmation opens on its safe answer, so Enter does not confirm by accident */}
        <button type="button" className="secondary" autoFocus onClick={() => answer(false)}>
          Cancel
        </button>
        <button type="button" className={destructive ? 'destructive' : undefined} disabled={confirmDisabled} onClick={() => answer(true)}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
