'use client';
// A command shown in a <pre> with a Copy button; without clipboard access (plain http on another
// host) the text is selected instead, for Ctrl+C.
import { useRef, useState } from 'react';

export function CopyableCode({ label, code }: { label: string; code: string }) {
  const pre = useRef<HTMLPreElement>(null);
  const [status, setStatus] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setStatus('Copied.');
    } catch {
      const range = document.createRange();
      if (pre.current) range.selectNodeContents(pre.current);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      setStatus('Selected; press Ctrl+C (⌘C) to copy.');
    }
  }

  return (
    <div className="code-block">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: a focusable scroll box (tabIndex) named for screen readers; see the lint note in docs/architecture/tooling.md */}
      <pre ref={pre} tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <div className="code-block-actions">
        <button type="button" className="secondary" onClick={copy} aria-label={`Copy: ${label}`}>
          Copy
        </button>
        <span role="status" className="muted">
          {status}
        </span>
      </div>
    </div>
  );
}
