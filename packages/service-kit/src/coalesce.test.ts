import { describe, expect, it } from 'vitest';
import { keyedTurns } from './coalesce';

describe('keyedTurns', () => {
  it('when tasks of one key are run at once, then they run one at a time in the order called; other keys do not wait', async () => {
    const turns = keyedTurns();
    const log: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = turns.run('a', async () => {
      log.push('a1 start');
      await held;
      log.push('a1 end');
      return 1;
    });
    const second = turns.run('a', async () => {
      log.push('a2');
      return 2;
    });
    const other = await turns.run('b', async () => {
      log.push('b');
      return 3;
    });
    expect(other).toBe(3);
    expect(turns.waiting('a')).toBe(true);
    release();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('when a task fails, then its caller gets the error and the next task of the key still runs; an idle key is freed', async () => {
    const turns = keyedTurns();
    const failed = turns.run('a', async () => {
      throw new Error('boom');
    });
    const next = turns.run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.waiting('a')).toBe(false);
  });
});
