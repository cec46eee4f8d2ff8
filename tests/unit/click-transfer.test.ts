import { expect, test } from 'vitest';
import type { Click } from '../../lib/analytics/click';
import { decodeClicks, encodeClicks } from '../../lib/edge/click-transfer';

test('a batch crosses to the writer thread unchanged: agents, referrers and rule ids once each, empty and missing ones kept apart', () => {
  const batch: Click[] = [
    { linkId: 7, at: 1_767_225_600_123, ip: '8.8.8.8', userAgent: 'A\tb', referrer: 'https://t.co/x' },
    { linkId: 9_007_199, at: 1_767_225_600_124, ip: '2001:db8::1', userAgent: undefined, referrer: '', trigger: 'qr', head: true },
    { linkId: 7, at: 1_767_225_600_125, ip: '::ffff:1.2.3.4', userAgent: 'A\tb', referrer: undefined, trigger: 'link' },
    { linkId: 7, at: 1_767_225_600_126, ip: '8.8.8.8', userAgent: 'A\tb', referrer: undefined, rule: 'r_mobile' },
    { linkId: 7, at: 1_767_225_600_127, ip: '8.8.8.8', userAgent: undefined, referrer: undefined, optOut: true },
  ];
  const encoded = encodeClicks(batch);
  expect(encoded.strings).toEqual(['A\tb', 'https://t.co/x', '', 'r_mobile']);
  const decoded = decodeClicks(structuredClone(encoded));
  expect(decoded).toEqual([
    { ...batch[0], trigger: 'link', head: false },
    { ...batch[1] },
    { ...batch[2], head: false },
    { ...batch[3], trigger: 'link', head: false },
    { ...batch[4], trigger: 'link', head: false },
  ]);
  expect(decodeClicks(encodeClicks([]))).toEqual([]);
});
