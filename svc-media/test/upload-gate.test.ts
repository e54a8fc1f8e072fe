import { AppError } from '@mealprep/service-kit';
import { describe, expect, it } from 'vitest';
import { BUSY, tooManyAtOnce, UploadGate } from '../src/domain/upload-gate';

/** An upload that takes its turn and then holds its slot until the test lets it finish. */
function upload(gate: UploadGate, userId: string, order: string[]) {
  const ticket = gate.admit(userId);
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const ran = ticket.turn().then(async () => {
    order.push(userId);
    await done;
    ticket.release();
  });
  return { ran, finish, ticket };
}

const refusal = (act: () => unknown) => {
  try {
    act();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('it was not refused');
};

describe('the upload gate', () => {
  it('when a user has two uploads under way, then a third is refused with 429, a message and Retry-After, and taken again once one ends', async () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    const order: string[] = [];
    const first = upload(gate, 'flooder', order);
    const second = upload(gate, 'flooder', order);
    const third = refusal(() => gate.admit('flooder'));
    expect(third).toMatchObject({ status: 429, message: tooManyAtOnce(2), retryAfterSeconds: 5 });
    expect(tooManyAtOnce(2)).toBe('You are already uploading 2 images. Please wait until they finish, then try again.');
    first.finish();
    await first.ran;
    const again = upload(gate, 'flooder', order);
    second.finish();
    again.finish();
    await Promise.all([second.ran, again.ran]);
    expect(order).toEqual(['flooder', 'flooder', 'flooder']);
  });

  it('when one user floods, then only one of theirs is processed at a time and another user takes the free slot at once', async () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    const order: string[] = [];
    const a1 = upload(gate, 'a', order);
    const a2 = upload(gate, 'a', order);
    await Promise.resolve();
    expect(gate.load).toEqual({ processing: 1, waiting: 1 });
    const b = upload(gate, 'b', order);
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'b']);
    b.finish();
    a1.finish();
    a2.finish();
    await Promise.all([a1.ran, a2.ran, b.ran]);
    expect(order).toEqual(['a', 'b', 'a']);
    expect(gate.load).toEqual({ processing: 0, waiting: 0 });
  });

  it("when a slot frees, then it goes to the first waiting user with nothing processed, before the busy user's second upload", async () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    const order: string[] = [];
    const a1 = upload(gate, 'a', order);
    const x = upload(gate, 'x', order);
    const a2 = upload(gate, 'a', order); // first in line, but a has one processed
    const c = upload(gate, 'c', order); // came later, with nothing processed
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'x']);
    x.finish();
    await x.ran;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'x', 'c']);
    a1.finish();
    await a1.ran;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'x', 'c', 'a']);
    a2.finish();
    c.finish();
    await Promise.all([a2.ran, c.ran]);
  });

  it('when too many wait, or one waits too long, then it is refused with 503 and a message to try again, and its place is given back', async () => {
    const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 1, maxWaitMs: 200 });
    const order: string[] = [];
    const holder = upload(gate, 'a', order);
    const waiting = gate.admit('b');
    const waited = waiting.turn().catch((err: unknown) => err);
    const crowded = gate.admit('c');
    await expect(crowded.turn()).rejects.toMatchObject({ status: 503, message: BUSY, retryAfterSeconds: 5 });
    crowded.release();
    expect(await waited).toMatchObject({ status: 503, message: BUSY });
    waiting.release();
    expect(gate.load).toEqual({ processing: 1, waiting: 0 });
    // b's places are free again: two more are admitted.
    gate.admit('b').release();
    gate.admit('b').release();
    holder.finish();
    await holder.ran;
    expect(BUSY).toBe('The server is busy with other uploads. Please try again in a moment.');
  });

  it('when an upload is released while it waits, then it leaves the line and never runs', async () => {
    const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    const order: string[] = [];
    const holder = upload(gate, 'a', order);
    const leaver = gate.admit('b');
    const turn = leaver.turn();
    leaver.release();
    await expect(turn).rejects.toThrow('released');
    const next = upload(gate, 'c', order);
    holder.finish();
    next.finish();
    await Promise.all([holder.ran, next.ran]);
    expect(order).toEqual(['a', 'c']);
  });
});
