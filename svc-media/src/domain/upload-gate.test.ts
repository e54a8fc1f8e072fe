import { AppError } from '@mealprep/service-kit';
import { BUSY, tooManyAtOnce, UploadGate, type UploadTicket } from './upload-gate';

const refusal = (act: () => unknown): AppError => {
  try {
    act();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('it was not refused');
};

/** Lets pending promise callbacks run (no timer involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Asks for a turn and notes, in `started`, when it was given. */
function queueUp(gate: UploadGate, userId: string, started: string[], name = userId) {
  const ticket = gate.admit(userId);
  const turn = ticket.turn().then(() => {
    started.push(name);
  });
  return { ticket, turn };
}

describe('sharing image processing between uploads', () => {
  it('a user with two uploads under way is refused a third with a 429 that says so and when to retry; once one ends, another is admitted', () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const first = gate.admit('ana');
    gate.admit('ana');
    const error = refusal(() => gate.admit('ana'));
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', message: tooManyAtOnce(2), retryAfterSeconds: 5 });
    expect(error.message).toBe('You are already uploading 2 images. Please wait until they finish, then try again.');
    expect(() => gate.admit('bo')).not.toThrow();
    first.release();
    expect(() => gate.admit('ana')).not.toThrow();
  });

  it("one user's uploads are processed one at a time, while another user's upload takes the free slot at once", async () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const a1 = queueUp(gate, 'ana', started, 'ana-1');
    const a2 = queueUp(gate, 'ana', started, 'ana-2');
    const b1 = queueUp(gate, 'bo', started, 'bo-1');
    await settle();
    expect(started).toEqual(['ana-1', 'bo-1']);
    expect(gate.load).toEqual({ processing: 2, waiting: 1 });
    a1.ticket.release();
    await a2.turn;
    expect(started).toEqual(['ana-1', 'bo-1', 'ana-2']);
    b1.ticket.release();
    a2.ticket.release();
    expect(gate.load).toEqual({ processing: 0, waiting: 0 });
  });

  it("one user's flood takes one slot: the others' uploads pass it, in the order they came", async () => {
    const gate = new UploadGate({ slots: 2, perUser: 5, maxWaiting: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const flood = [1, 2, 3].map((n) => queueUp(gate, 'flood', started, `flood-${n}`));
    const cy = queueUp(gate, 'cy', started);
    const di = queueUp(gate, 'di', started);
    await settle();
    expect(started).toEqual(['flood-1', 'cy']);
    cy.ticket.release();
    await settle();
    // flood-2 and flood-3 came before di, but flood already has an upload being processed.
    expect(started).toEqual(['flood-1', 'cy', 'di']);
    flood[0]!.ticket.release();
    await settle();
    expect(started.at(-1)).toBe('flood-2');
    di.ticket.release();
    await settle();
    expect(started).toEqual(['flood-1', 'cy', 'di', 'flood-2']);
    flood[1]!.ticket.release();
    await flood[2]!.turn;
    expect(started.at(-1)).toBe('flood-3');
    flood[2]!.ticket.release();
  });

  it('when the waiting line is full, a further upload is refused at once with 503 "busy"', async () => {
    const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 1, maxWaitMs: 10_000 });
    const started: string[] = [];
    const ana = queueUp(gate, 'ana', started);
    const bo = queueUp(gate, 'bo', started);
    await settle();
    await expect(gate.admit('cy').turn()).rejects.toMatchObject({ status: 503, message: BUSY, retryAfterSeconds: 5 });
    ana.ticket.release();
    await bo.turn;
    bo.ticket.release();
    expect(started).toEqual(['ana', 'bo']);
  });

  it('an upload that waits longer than allowed is refused with 503 "busy" and leaves the line', async () => {
    vi.useFakeTimers();
    try {
      const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
      const holder = gate.admit('ana');
      await holder.turn();
      const waiting = gate.admit('bo').turn();
      const outcome = waiting.then(
        () => 'started',
        (err: AppError) => `${err.status} ${err.message}`,
      );
      await vi.advanceTimersByTimeAsync(9_999);
      expect(gate.load.waiting).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBe(`503 ${BUSY}`);
      expect(gate.load).toEqual({ processing: 1, waiting: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('an upload released while it waits leaves the line and never takes a slot', async () => {
    const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const started: string[] = [];
    const ana = queueUp(gate, 'ana', started);
    const bo = queueUp(gate, 'bo', started);
    const boTurn = bo.turn.catch((err: Error) => err.message);
    await settle();
    bo.ticket.release();
    expect(await boTurn).toMatch(/released while it waited/);
    ana.ticket.release();
    await settle();
    expect(started).toEqual(['ana']);
    expect(gate.load).toEqual({ processing: 0, waiting: 0 });
  });

  it('releasing a ticket twice gives back one admission only', () => {
    const gate = new UploadGate({ slots: 1, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const first: UploadTicket = gate.admit('ana');
    gate.admit('ana');
    first.release();
    first.release();
    gate.admit('ana');
    expect(refusal(() => gate.admit('ana')).status).toBe(429);
  });

  it('a task that fails still frees its slot and its admission', async () => {
    const gate = new UploadGate({ slots: 1, perUser: 1, maxWaiting: 10, maxWaitMs: 10_000 });
    await expect(
      gate.run('ana', async () => {
        throw new Error('decoding failed');
      }),
    ).rejects.toThrow('decoding failed');
    expect(gate.load).toEqual({ processing: 0, waiting: 0 });
    await expect(gate.run('ana', async () => 'stored')).resolves.toBe('stored');
  });

  it('a ticket takes one turn only', async () => {
    const gate = new UploadGate({ slots: 2, perUser: 2, maxWaiting: 10, maxWaitMs: 10_000 });
    const ticket = gate.admit('ana');
    await ticket.turn();
    await expect(ticket.turn()).rejects.toThrow('an upload ticket takes one turn');
  });
});
