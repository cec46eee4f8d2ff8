'use client';
// One admin action's question: what happens, a reason when the action needs one, and the optional
// note for the audit trail. The confirm button stays off until a needed reason is given.
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

export interface ActionRequest {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The answer takes something away (ban, disable): the confirm button in the danger colour. */
  destructive?: boolean;
  /** The label of a required reason field (disable, ban); none: only the note. */
  reasonLabel?: string;
  reasonHint?: string;
  run: (reason: string, note: string) => Promise<void>;
}

export function AdminActionDialog({ request, onDone }: { request: ActionRequest; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const id = useId();
  return (
    <ConfirmDialog
      title={request.title}
      confirmLabel={request.confirmLabel}
      destructive={request.destructive}
      confirmDisabled={Boolean(request.reasonLabel) && !reason.trim()}
      onCancel={onDone}
      onConfirm={() => {
        void request.run(reason.trim(), note).finally(onDone);
      }}
    >
      <div className="stack admin-dialog-fields">
        <p className="muted">{request.description}</p>
        {request.reasonLabel ? (
          <label htmlFor={`${id}-reason`}>
            {request.reasonLabel}
            <textarea
              id={`${id}-reason`}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby={request.reasonHint ? `${id}-reason-hint` : undefined}
            />
            {request.reasonHint ? (
              <span id={`${id}-reason-hint`} className="hint">
                {request.reasonHint}
              </span>
            ) : null}
          </label>
        ) : null}
        <label htmlFor={`${id}-note`}>
          <span>
            Note for the audit trail <span className="muted">(optional)</span>
          </span>
          <textarea id={`${id}-note`} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </div>
    </ConfirmDialog>
  );
}
