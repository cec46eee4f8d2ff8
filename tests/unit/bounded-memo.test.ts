// The per-agent memo of the preview-bot check (lib/core/bounded-memo.ts, preview-bots.ts).
import { isbot } from 'isbot';
import { describe, expect, test } from 'vitest';
import { boundedMemo } from '../../lib/core/bounded-memo';
import { isPreviewBot, previewBotByAgent } from '../../lib/previews/preview-bots';
import { AGENTS } from '../helpers/agents';

describe('boundedMemo', () => {
  test('answers once per argument, keeps at most max answers, forgetting the oldest first', () => {
    const calls: string[] = [];
    const memo = boundedMemo((s) => (calls.push(s), s.length), 3);
    expect([memo('a'), memo('bb'), memo('a'), memo('ccc')]).toEqual([1, 2, 1, 3]);
    expect(calls).toEqual(['a', 'bb', 'ccc']);
    memo('dddd'); // full: "a" goes
    expect(memo.size).toBe(3);
    memo('bb');
    memo('a');
    expect(calls).toEqual(['a', 'bb', 'ccc', 'dddd', 'a']);
    for (let i = 0; i < 1000; i++) memo(`agent ${i}`);
    expect(memo.size).toBe(3);
  });

  test('the preview-bot check answers as before, from a bounded memo', () => {
    // Twice each: the first answer computed, the second remembered.
    for (let twice = 0; twice < 2; twice++) {
      expect([AGENTS.chrome, AGENTS.iphone, AGENTS.googlebot, AGENTS.slackbot].map(isPreviewBot)).toEqual([false, false, true, true]);
    }
    expect(isPreviewBot('facebookexternalhit/1.1')).toBe(true);
    expect(isPreviewBot('Mozilla/5.0 (Microsoft Office/16.0)')).toBe(true);
    for (let i = 0; i < 2000; i++) expect(isPreviewBot(`Mozilla/5.0 Chrome/${i}.0 Safari/537.36`)).toBe(isbot(`Mozilla/5.0 Chrome/${i}.0 Safari/537.36`));
    expect(previewBotByAgent.size).toBe(512);
    expect(isPreviewBot(undefined)).toBe(false);
  });
});
