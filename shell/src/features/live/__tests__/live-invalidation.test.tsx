import { subscribeToLive } from '@mealprep/api-client';
import { FakeEventSource } from '@mealprep/api-client/testing';
import { QueryClient } from '@mealprep/query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { useLiveInvalidation } from '../hooks/use-live-invalidation';
import { connectLiveInvalidation, type LiveSubscriber } from '../live-invalidation';

const fakeSubscribe: LiveSubscriber = (onInvalidate, options) => subscribeToLive(onInvalidate, { ...options, EventSource: FakeEventSource, random: () => 0.5 });

const keys = {
  serviceList: ['services', 'list', { shipping: true }],
  serviceDetail: ['services', 'detail', 'green-fork-kitchen'],
  regions: ['regions', 'list'],
  articles: ['articles', 'list'],
} as const;

function seededClient() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, 'data');
  return client;
}

function invalidated(client: QueryClient) {
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('live invalidation', () => {
  beforeEach(() => {
    FakeEventSource.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the gateway says services changed, then every services query is refetched and no other', () => {
    const client = seededClient();
    connectLiveInvalidation(client, fakeSubscribe);
    const source = FakeEventSource.latest();
    source.open();
    source.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 'green-fork-kitchen' }));
    expect(invalidated(client)).toEqual(['serviceList', 'serviceDetail']);
  });

  it("when the news of a change names the service's version, then what already holds it at that version or later is not read again; the rest is", () => {
    const client = seededClient();
    const saved = {
      editPage: ['services', 'edit', 'id-1'],
      mine: ['services', 'mine'],
      olderEdit: ['services', 'edit', 'id-2'],
    } as const;
    // The saver's page and list, from the save's answer (version 4); another page holds version 3.
    client.setQueryData(saved.editPage, { id: 'id-1', slug: 'green-fork-kitchen', version: 4 });
    client.setQueryData(saved.mine, {
      items: [
        { id: 'id-0', slug: 'other', version: 9 },
        { id: 'id-1', slug: 'green-fork-kitchen', version: 4 },
      ],
    });
    client.setQueryData(saved.olderEdit, { id: 'id-2', slug: 'green-fork-kitchen', version: 3 });
    connectLiveInvalidation(client, fakeSubscribe);
    const source = FakeEventSource.latest();
    source.open();
    source.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 'green-fork-kitchen', version: 4 }));
    expect(invalidated(client)).toEqual(['serviceList', 'serviceDetail']);
    expect(
      Object.entries(saved)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name),
    ).toEqual(['olderEdit']);

    // A version that is not a positive whole number makes the message malformed: nothing changes.
    const fresh = seededClient();
    connectLiveInvalidation(fresh, fakeSubscribe);
    const other = FakeEventSource.latest();
    other.open();
    other.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 'green-fork-kitchen', version: 'latest' }));
    other.emit('invalidate', JSON.stringify({ topics: ['services'], slug: 'green-fork-kitchen', version: -1 }));
    expect(invalidated(fresh)).toEqual([]);
  });

  it('when an event names several topics, then each is refetched; a malformed one changes nothing', () => {
    const client = seededClient();
    connectLiveInvalidation(client, fakeSubscribe);
    const source = FakeEventSource.latest();
    source.emit('invalidate', '{"topics":["everything"]}');
    expect(invalidated(client)).toEqual([]);
    source.emit('invalidate', JSON.stringify({ topics: ['regions', 'articles'] }));
    expect(invalidated(client)).toEqual(['regions', 'articles']);
  });

  it('when the connection comes back after a drop, then everything is refetched since changes may have been missed', () => {
    const client = seededClient();
    connectLiveInvalidation(client, fakeSubscribe);
    FakeEventSource.latest().open();
    FakeEventSource.latest().fail();
    vi.advanceTimersByTime(1000);
    expect(invalidated(client)).toEqual([]);
    FakeEventSource.latest().open();
    expect(invalidated(client)).toEqual(Object.keys(keys));
  });

  it('when the app mounts under StrictMode and unmounts, then one connection stays open, then none', () => {
    const client = seededClient();
    function Harness() {
      useLiveInvalidation(client, fakeSubscribe);
      return null;
    }
    const { unmount } = render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(1);
    unmount();
    expect(FakeEventSource.instances.filter((source) => !source.closed)).toHaveLength(0);
  });
});
