import { describe, expect, test } from 'vitest';
import { homeOf, summarise } from '../../bench/profile-summary';

/** A profile of three frames sampled at t = 100, 200, 300, 400 µs (each sample lasts until the next). */
const profile = {
  startTime: 0,
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [2, 3, 4] },
    { id: 2, callFrame: { functionName: 'edge', url: 'file:///srv/sling/dist/chunk-A.mjs', lineNumber: 9 } },
    { id: 3, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
    { id: 4, callFrame: { functionName: 'writeHead', url: 'node:_http_server', lineNumber: 340 } },
  ],
  samples: [2, 3, 4, 2, 2],
  timeDeltas: [100, 100, 100, 100, 100],
};

describe('bench/profile-summary', () => {
  test("a window's busy samples per response, by home and function, idle left out", () => {
    const s = summarise(profile, 150, 450, 2);
    // Samples at 200 (idle), 300 (writeHead), 400 (edge): 100 µs each.
    expect(s.busyUsPerResponse).toBe(100);
    expect(s.byHome).toEqual([
      ['node:_http_server', 50],
      ['sling', 50],
    ]);
    expect(s.byFunction.map(([f]) => f)).toEqual(['writeHead node:_http_server:341', 'edge chunk-A.mjs:10']);
  });

  test('homes: node modules, npm packages, the bundle, the engine', () => {
    expect(homeOf('node:internal/streams/writable', 'write')).toBe('node:streams/writable');
    expect(homeOf('file:///srv/sling/node_modules/@electric-sql/pglite/dist/x.js', 'f')).toBe('@electric-sql/pglite');
    expect(homeOf('file:///srv/sling/node_modules/luxon/src/luxon.js', 'f')).toBe('luxon');
    expect(homeOf('file:///srv/sling/dist/chunk-A.mjs', 'edge')).toBe('sling');
    expect(homeOf('', '(garbage collector)')).toBe('(garbage collector)');
    expect(homeOf('', 'writeLatin1String')).toBe('native writeLatin1String');
  });
});
