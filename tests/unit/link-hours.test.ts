// The link-hours a batch touches, kept on the main thread for a recount should the click writer's
// thread die (docs/architecture/click-path.md#when-the-writers-thread-dies).
import { expect, test } from 'vitest';
import { addLinkHours, mergeLinkHours } from '../../lib/edge/link-hours';

const at = (h: number, m: number, ms = 0) => Date.UTC(2026, 10, 29, h, m, 0, ms);
const hours = (m: Map<number, Set<number>>) => Object.fromEntries([...m].map(([link, hs]) => [link, [...hs].sort().map((h) => new Date(h).toISOString())]));

test('each link with each hour its clicks fall in, on the hour, large link ids included', () => {
  const batch = [
    { linkId: 5, at: at(12, 59, 59_999) },
    { linkId: 5, at: at(13, 0) },
    { linkId: 8_000_000_000, at: at(12, 1) },
    { linkId: 5, at: at(12, 30) },
  ];
  expect(hours(addLinkHours(batch))).toEqual({
    5: ['2026-11-29T12:00:00.000Z', '2026-11-29T13:00:00.000Z'],
    8000000000: ['2026-11-29T12:00:00.000Z'],
  });
});

test('merging adds the pairs of another batch once each', () => {
  const into = addLinkHours([{ linkId: 1, at: at(9, 0) }]);
  mergeLinkHours(
    into,
    addLinkHours([
      { linkId: 1, at: at(9, 5) },
      { linkId: 1, at: at(10, 5) },
      { linkId: 2, at: at(9, 5) },
    ]),
  );
  expect(hours(into)).toEqual({ 1: ['2026-11-29T09:00:00.000Z', '2026-11-29T10:00:00.000Z'], 2: ['2026-11-29T09:00:00.000Z'] });
});
