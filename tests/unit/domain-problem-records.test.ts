// Which records a domain.misconfigured event names: those that make the check fail, not the
// alternatives that were never needed.
import { describe, expect, test } from 'vitest';
import type { CheckedRecord } from '../../lib/domains/check-domain-dns';
import { problemRecords } from '../../lib/domains/verify-domain';

const rec = (type: CheckedRecord['type'], purpose: CheckedRecord['purpose'], status: CheckedRecord['status'], seen: string[] = []): CheckedRecord => ({
  type,
  name: type === 'TXT' ? '_svc-verify.go.example.com' : 'go.example.com',
  label: 'go',
  value: type === 'TXT' ? 'svc-verify=abc' : type === 'CNAME' ? 'cname.sl.ing' : '203.0.113.7',
  purpose,
  status,
  seen,
});

describe('problemRecords', () => {
  test('a missing A record beside a CNAME that is right is no problem; a missing proof is', () => {
    const records = [rec('CNAME', 'route', 'found', ['cname.sl.ing']), rec('A', 'route', 'missing'), rec('TXT', 'ownership', 'missing')];
    expect(problemRecords(records).map((r) => r.type)).toEqual(['TXT']);
  });

  test('no route right: every missing route is named, and a wrong one always is', () => {
    expect(problemRecords([rec('CNAME', 'route', 'missing'), rec('A', 'route', 'missing'), rec('TXT', 'ownership', 'found')]).map((r) => r.type)).toEqual([
      'CNAME',
      'A',
    ]);
    const wrong = [rec('CNAME', 'route', 'found', ['cname.sl.ing']), rec('A', 'route', 'wrong', ['198.51.100.1']), rec('TXT', 'ownership', 'found')];
    expect(problemRecords(wrong).map((r) => [r.type, r.status])).toEqual([['A', 'wrong']]);
  });

  test('all right: nothing', () => {
    expect(problemRecords([rec('CNAME', 'route', 'found'), rec('TXT', 'ownership', 'found')])).toEqual([]);
  });
});
