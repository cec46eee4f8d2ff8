import { describe, expect, test } from 'vitest';
import { BYTES_PER_TURN, joinInTurns } from '../../lib/core/join-in-turns';

/** Whether a callback queued with setImmediate before `work` started ran before `work` finished. */
async function gaveATurn<T>(work: () => Promise<T>): Promise<{ value: T; turned: boolean }> {
  let turned = false;
  setImmediate(() => (turned = true));
  const value = await work();
  return { value, turned };
}

describe('joinInTurns', () => {
  test('a large body is joined byte for byte, with the event loop given turns on the way', async () => {
    const chunks = Array.from({ length: 5 }, (_, i) => Buffer.alloc(BYTES_PER_TURN - 1000, i + 1));
    const { value, turned } = await gaveATurn(() => joinInTurns(chunks));
    expect(value.equals(Buffer.concat(chunks))).toBe(true);
    expect(turned).toBe(true);
  });

  test('a small one is joined at once', async () => {
    const chunks = [Buffer.from('url\n'), Buffer.from('https://example.com/\n')];
    const { value, turned } = await gaveATurn(() => joinInTurns(chunks));
    expect(value.toString()).toBe('url\nhttps://example.com/\n');
    expect(turned).toBe(false);
  });
});
