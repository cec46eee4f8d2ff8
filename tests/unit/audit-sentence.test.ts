// The audit log's sentences: who did what to whom, readable without the action code.
import { describe, expect, test } from 'vitest';
import { AUDIT_ACTIONS } from '../../lib/audit/audit-actions';
import { describeEntry } from '../../lib/audit/describe-entry';

const entry = (action: string, details: Record<string, unknown> = {}, targetLabel: string | null = 'Bob') => ({
  actorLabel: 'Ann',
  action,
  targetLabel,
  details,
});

describe('describeEntry', () => {
  test('role changes, settings and re-sent invitations say what changed', () => {
    expect(describeEntry(entry('member.role_changed', { from: 'member', to: 'admin' }))).toBe('Ann changed Bob’s role from member to admin');
    expect(describeEntry(entry('member.role_changed', { from: 'admin', to: 'member' }, 'James'))).toBe('Ann changed James’ role from admin to member');
    expect(describeEntry(entry('workspace.updated', { name: { from: 'Acme', to: 'Acme Inc' }, slug: { from: 'acme', to: 'acme-inc' } }, 'Acme Inc'))).toBe(
      'Ann changed the workspace name from “Acme” to “Acme Inc” and slug from “acme” to “acme-inc”',
    );
    expect(describeEntry(entry('member.invited', { role: 'admin', resent: true }, 'bob@example.com'))).toBe('Ann re-invited bob@example.com as admin');
  });

  test('every action has its own sentence naming the actor; a missing target still reads', () => {
    for (const action of AUDIT_ACTIONS) {
      const text = describeEntry(entry(action, { role: 'member', from: 'member', to: 'admin', domain: 'acme.test', passed: false, fields: ['name'] }));
      expect(text.startsWith('Ann '), action).toBe(true);
      expect(text, action).not.toContain(action);
      expect(text, action).not.toContain('undefined');
    }
    expect(describeEntry(entry('member.removed', {}, null))).toBe('Ann removed a deleted item from the workspace');
    expect(describeEntry(entry('some.future_action'))).toBe('Ann: some.future_action');
  });
});
