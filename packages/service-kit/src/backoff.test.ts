import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('reconnect back-off', () => {
  it('when retries go on, then delays grow by 2.2 from 1 s, within half-width jitter, capped at 5 minutes', () => {
    const middle = () => 0.5;
    expect(backoffDelay(0, undefined, middle)).toBe(1000);
    expect(backoffDelay(1, undefined, middle)).toBe(2200);
    expect(backoffDelay(2, undefined, middle)).toBe(4840);
    expect(backoffDelay(20, undefined, middle)).toBe(300_000);
    expect(backoffDelay(0, undefined, () => 0)).toBe(750);
    expect(backoffDelay(0, undefined, () => 1)).toBe(1250);
    expect(backoffDelay(20, undefined, () => 1)).toBe(300_000);
  });
});
