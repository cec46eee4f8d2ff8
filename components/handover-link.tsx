'use client';
// A link this server could not mail (SMTP_URL unset), for the admin to copy and send themselves:
// invitation and password-reset links. Shown once; only their hash is kept (docs/guide/workspaces.md).
import { CopyField } from './copy-field';

interface HandoverLinkProps {
  /** What the link is, as the copy field's label ("Invitation link for cat@example.com"). */
  label: string;
  link: string;
  /** How long and how often it works. */
  validity: string;
  onDone: () => void;
}

export function HandoverLink({ label, link, validity, onDone }: HandoverLinkProps) {
  return (
    <div className="handover stack" role="status" data-testid="handover-link">
      <p>
        <strong>Mail is off on this server:</strong> copy this link and send it yourself. {validity}
      </p>
      <CopyField label={label} value={link} />
      <div>
        <button type="button" className="secondary small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
