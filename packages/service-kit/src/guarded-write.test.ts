import { describe, expect, it } from 'vitest';
import { GUARDED_WRITE_TRIES, LOST_RACE, untilWritten } from './guarded-write';

describe('untilWritten', () => {
  it('tries again while another writer came between, and answers what the winning try wrote', async () => {
    const seen: number[] = [];
    const answer = await untilWritten(
      async (tryNumber) => {
        seen.push(tryNumber);
        return tryNumber < 3 ? LOST_RACE : `written on try ${tryNumber}`;
      },
      () => 'gave up',
    );
    expect(answer).toBe('written on try 3');
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it('gives the exhausted answer after every try lost', async () => {
    let tries = 0;
    const answer = await untilWritten(
      async () => {
        tries += 1;
        return LOST_RACE;
      },
      () => 'busy',
    );
    expect(answer).toBe('busy');
    expect(tries).toBe(GUARDED_WRITE_TRIES);
  });

  it('lets a refusal thrown by a try or by exhausted through, without trying again', async () => {
    let tries = 0;
    await expect(
      untilWritten(
        async () => {
          tries += 1;
          throw new Error('refused: the slug is taken');
        },
        () => 'never',
      ),
    ).rejects.toThrow('refused: the slug is taken');
    expect(tries).toBe(1);
    await expect(
      untilWritten(
        async () => LOST_RACE,
        () => {
          throw new Error('changed meanwhile');
        },
      ),
    ).rejects.toThrow('changed meanwhile');
  });

  it('answers null and other falsy values as written, not as a lost race', async () => {
    expect(
      await untilWritten(
        async () => null,
        () => 'busy',
      ),
    ).toBeNull();
    expect(
      await untilWritten(
        async () => 0,
        () => 1,
      ),
    ).toBe(0);
  });
});
