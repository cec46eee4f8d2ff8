'use client';
// A field for choosing a password (sign-up, reset): the rule is written under it, tied to the field
// as its description, and ticks once met, instead of surfacing only as the browser's bubble on submit.
// The rule is the server's (lib/auth/auth.ts, minPasswordLength).
import { useId, useState } from 'react';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function NewPasswordField({ label }: { label: string }) {
  const fieldId = useId();
  const hintId = useId();
  const [length, setLength] = useState(0);
  const met = length >= PASSWORD_MIN;
  return (
    <div className="field">
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        name="password"
        type="password"
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        autoComplete="new-password"
        aria-describedby={hintId}
        onChange={(e) => setLength(e.target.value.length)}
        required
      />
      <span id={hintId} className={met ? 'hint ok' : 'hint'} data-testid="password-rule">
        {met ? '✓ ' : ''}At least {PASSWORD_MIN} characters{!met && length > 0 ? ` (${length} so far)` : ''}
      </span>
    </div>
  );
}
