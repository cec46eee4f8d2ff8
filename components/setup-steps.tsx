// A numbered set-up stepper (Single sign-on, Directory sync): each step is done, current (the
// first one not done) or to do, shown by its mark, a word and aria-current="step".
import type { ReactNode } from 'react';

export type StepState = 'done' | 'current' | 'todo';

const WORD: Record<StepState, string> = { done: 'Done', current: 'Current step', todo: 'To do' };

/** Each step's state from whether it is done: the first not done is current, the rest to do. */
export function stepStates(done: boolean[]): StepState[] {
  const first = done.indexOf(false);
  return done.map((d, i) => (d ? 'done' : i === first ? 'current' : 'todo'));
}

export function SetupStep({ state, title, testId, children }: { state: StepState; title: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <li className={`setup-step ${state}`} data-state={state} data-testid={testId} aria-current={state === 'current' ? 'step' : undefined}>
      <div className="step-body">
        <h3>
          {title} <span className={`step-state ${state}`}>{WORD[state]}</span>
        </h3>
        {children}
      </div>
    </li>
  );
}

/** The steps' titles in one row (a new connection, before the steps below it exist). */
export function StepProgress({ titles, states, label }: { titles: string[]; states: StepState[]; label: string }) {
  return (
    <ol className="setup-progress" aria-label={label}>
      {titles.map((t, i) => (
        <li key={t} className={states[i]} data-state={states[i]} aria-current={states[i] === 'current' ? 'step' : undefined}>
          <span className="num" aria-hidden="true">
            {states[i] === 'done' ? '✓' : i + 1}
          </span>
          <span>
            {t}
            <span className="sr-only"> ({WORD[states[i]]})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The five steps of an SSO connection (docs/guide/single-sign-on.md). */
export const SSO_STEP_TITLES = [
  'Choose OpenID Connect or SAML',
  'Enter the identity provider’s details',
  'Verify your email domain',
  'Test the connection',
  'Enable single sign-on',
];
