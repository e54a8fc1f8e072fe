import type { LiveInvalidation } from '@mealprep/contracts';
import { LIVE_PATH } from '@mealprep/contracts/browser';
import { reconnectDelay, subscribeToLive } from '../index';
import { FakeEventSource } from '../testing';

const middle = () => 0.5;

function subscribe(onInvalidate = vi.fn<(invalidation: LiveInvalidation) => void>(), onReconnect = vi.fn()) {
  const unsubscribe = subscribeToLive(onInvalidate, { EventSource: FakeEventSource, random: middle, onReconnect });
  return { onInvalidate, onReconnect, unsubscribe };
}

describe('reconnect delay', () => {
  it('when the jitter lands in the middle, then it grows from 1 s by a factor of 2.2', () => {
    expect(reconnectDelay(0, middle)).toBe(1000);
    expect(reconnectDelay(1, middle)).toBeCloseTo(2200);
    expect(reconnectDelay(2, middle)).toBeCloseTo(4840);
    expect(reconnectDelay(5, middle)).toBeCloseTo(1000 * 2.2 ** 5);
  });

  it('when many attempts failed, then the delay stops growing at 5 minutes', () => {
    expect(reconnectDelay(9, middle)).toBe(300_000);
    expect(reconnectDelay(50, middle)).toBe(300_000);
  });

  it('when randomised, then the delay stays within ±25% of the nominal one', () => {
    expect(reconnectDelay(0, () => 0)).toBe(750);
    expect(reconnectDelay(0, () => 0.999_999)).toBeCloseTo(1250, 2);
    expect(reconnectDelay(20, () => 0)).toBe(225_000);
  });
});

describe('subscribeToLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when subscribed, then it listens on /api/live and passes valid invalidations on', () => {
    const { onInvalidate } = subscribe();
    const source = FakeEventSource.latest();
    expect(source.url).toBe(LIVE_PATH);
    source.open();
    source.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 'green-fork-kitchen' }));
    expect(onInvalidate).toHaveBeenCalledExactlyOnceWith({ topics: ['services'], slug: 'green-fork-kitchen' });
  });

  it('when a message is not JSON or not the contract, then it is ignored', () => {
    const { onInvalidate } = subscribe();
    const source = FakeEventSource.latest();
    source.open();
    source.emit('invalidate', 'not json');
    source.emit('invalidate', JSON.stringify({ topics: ['unicorns'] }));
    source.emit('invalidate', JSON.stringify({ slug: 'x' }));
    source.emit('invalidate', JSON.stringify({ topics: 'services' }));
    source.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 7 }));
    source.emit('invalidate', 'null');
    source.emit('message', JSON.stringify({ topics: ['services'] }));
    expect(onInvalidate).not.toHaveBeenCalled();
    source.emit('invalidate', JSON.stringify({ topics: ['regions', 'banners'] }));
    expect(onInvalidate).toHaveBeenCalledExactlyOnceWith({ topics: ['regions', 'banners'] });
  });

  it('when the connection keeps failing, then it closes it and retries after 1 s, 2.2 s, 4.84 s…', () => {
    subscribe();
    const expected = [1000, 2200, 4840, 10_648];
    for (const [index, delay] of expected.entries()) {
      const source = FakeEventSource.latest();
      source.fail();
      expect(source.closed).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.instances).toHaveLength(index + 1);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.instances).toHaveLength(index + 2);
    }
  });

  it('when a connection opens after failures, then the back-off starts again from 1 s and the caller hears of it', () => {
    const { onReconnect } = subscribe();
    FakeEventSource.latest().open();
    expect(onReconnect).not.toHaveBeenCalled();
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1000);
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(2200);
    FakeEventSource.latest().open();
    expect(onReconnect).toHaveBeenCalledOnce();

    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('when a server-rendered page subscribes with its render time, then its first connection asks for the changes since; a reconnect does not', () => {
    subscribeToLive(vi.fn(), { EventSource: FakeEventSource, random: middle, onReconnect: vi.fn(), since: 1_795_000_000_123.7 });
    expect(FakeEventSource.latest().url).toBe('/api/live?since=1795000000123');
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.latest().url).toBe('/api/live');
  });

  it('when unsubscribed, then the source is closed and no reconnect is scheduled', () => {
    const { unsubscribe, onInvalidate } = subscribe();
    const source = FakeEventSource.latest();
    source.fail();
    unsubscribe();
    vi.advanceTimersByTime(600_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    const second = subscribe(onInvalidate);
    const live = FakeEventSource.latest();
    second.unsubscribe();
    expect(live.closed).toBe(true);
    live.emit('invalidate', JSON.stringify({ topics: ['services'] }));
    expect(onInvalidate).not.toHaveBeenCalled();
  });

  it('when the browser has no EventSource, then subscribing does nothing', () => {
    vi.stubGlobal('EventSource', undefined);
    const unsubscribe = subscribeToLive(() => {});
    expect(() => unsubscribe()).not.toThrow();
  });
});
