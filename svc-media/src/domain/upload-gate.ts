import { AppError } from '@mealprep/service-kit';

export interface UploadGateOptions {
  /** Images processed at once by this instance (decoding a large photo keeps a core busy). */
  slots: number;
  /** Uploads one user may have under way at once, waiting or processed; one of them is processed at a time. */
  perUser: number;
  /** Uploads that may wait for a slot; more are refused at once. */
  maxWaiting: number;
  /** How long an upload may wait for a slot (under the gateway's timeout) before it is refused. */
  maxWaitMs: number;
}

export const DEFAULT_UPLOAD_GATE: UploadGateOptions = { slots: 2, perUser: 2, maxWaiting: 50, maxWaitMs: 10_000 };

const RETRY_AFTER_SECONDS = 5;
export const BUSY = 'The server is busy with other uploads. Please try again in a moment.';
export const tooManyAtOnce = (perUser: number) => `You are already uploading ${perUser} images. Please wait until they finish, then try again.`;

/** One admitted upload: wait for its turn, then release it, whatever happened (releasing twice is harmless). */
export interface UploadTicket {
  turn(): Promise<void>;
  release(): void;
}

interface Waiter {
  userId: string;
  start: () => void;
  leave: (reason: Error) => void;
}

/**
 * Shares the instance's image processing between users. Each user has at most `perUser` uploads
 * admitted (more are a 429 before their bytes are read) and at most one processed at a time;
 * the `slots` are given in arrival order to the waiting uploads of users with nothing being
 * processed, so one user's flood takes one slot and everyone else's upload waits its turn
 * instead of failing.
 */
export class UploadGate {
  private readonly admitted = new Map<string, number>();
  private readonly processing = new Set<string>();
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: UploadGateOptions = DEFAULT_UPLOAD_GATE) {}

  /** Admits one upload of the user, or refuses it (429) when they have `perUser` under way. */
  admit(userId: string): UploadTicket {
    const count = this.admitted.get(userId) ?? 0;
    if (count >= this.options.perUser) throw AppError.tooManyRequests(tooManyAtOnce(this.options.perUser), RETRY_AFTER_SECONDS);
    this.admitted.set(userId, count + 1);
    let state: 'admitted' | 'waiting' | 'running' | 'released' = 'admitted';
    let waiter: Waiter | undefined;
    let timer: NodeJS.Timeout | undefined;
    return {
      turn: () =>
        new Promise<void>((resolve, reject) => {
          if (state !== 'admitted') return reject(new Error('an upload ticket takes one turn'));
          if (this.waiting.length >= this.options.maxWaiting) return reject(AppError.unavailable(BUSY, RETRY_AFTER_SECONDS));
          state = 'waiting';
          waiter = {
            userId,
            start: () => {
              clearTimeout(timer);
              state = 'running';
              this.processing.add(userId);
              resolve();
            },
            leave: (reason) => {
              clearTimeout(timer);
              this.leaveQueue(waiter!);
              reject(reason);
            },
          };
          timer = setTimeout(() => {
            state = 'admitted';
            waiter!.leave(AppError.unavailable(BUSY, RETRY_AFTER_SECONDS));
          }, this.options.maxWaitMs);
          this.waiting.push(waiter);
          this.pump();
        }),
      release: () => {
        if (state === 'released') return;
        if (state === 'waiting') waiter?.leave(new Error('the upload was released while it waited'));
        if (state === 'running') this.processing.delete(userId);
        state = 'released';
        const left = (this.admitted.get(userId) ?? 1) - 1;
        if (left > 0) this.admitted.set(userId, left);
        else this.admitted.delete(userId);
        this.pump();
      },
    };
  }

  /** Runs `task` as one admitted upload of the user, waiting for its turn. */
  async run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const ticket = this.admit(userId);
    try {
      await ticket.turn();
      return await task();
    } finally {
      ticket.release();
    }
  }

  /** What is under way now, for tests and metrics. */
  get load(): { processing: number; waiting: number } {
    return { processing: this.processing.size, waiting: this.waiting.length };
  }

  private leaveQueue(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter);
    if (at >= 0) this.waiting.splice(at, 1);
  }

  private pump(): void {
    while (this.processing.size < this.options.slots) {
      const next = this.waiting.findIndex((w) => !this.processing.has(w.userId));
      if (next < 0) return;
      const [waiter] = this.waiting.splice(next, 1);
      waiter!.start();
    }
  }
}
