'use client';
// Shown in the link dialog once the alias of an existing link is changed: the old short link keeps
// redirecting to this link, unless the user frees it for reuse.
interface LinkRenameNoticeProps {
  /** The old short link as shown (host/code). */
  oldShortLink: string;
  free: boolean;
  onFree: (free: boolean) => void;
}

export function LinkRenameNotice({ oldShortLink, free, onFree }: LinkRenameNoticeProps) {
  return (
    <div className="rename-notice" role="status" data-testid="rename-notice">
      <p>
        {free ? (
          <>
            <strong>{oldShortLink}</strong> will stop working, and any link may take it.
          </>
        ) : (
          <>
            <strong>{oldShortLink}</strong> will keep redirecting to this link, so nothing already shared breaks.
          </>
        )}
      </p>
      <label className="inline">
        <input type="checkbox" name="free_old_code" checked={free} onChange={(e) => onFree(e.target.checked)} /> Free the old short link {oldShortLink} for
        reuse
      </label>
    </div>
  );
}
