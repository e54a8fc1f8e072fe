import type { LiveEventSource } from '../live';

type Listener = (event: MessageEvent) => void;

/**
 * A stand-in for the browser's EventSource that a test drives by hand: every instance is kept in
 * `FakeEventSource.instances`, and open(), emit() and fail() play what the server would do.
 */
export class FakeEventSource implements LiveEventSource {
  static instances: FakeEventSource[] = [];

  static reset(): void {
    FakeEventSource.instances = [];
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('No EventSource was created.');
    return last;
  }

  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.dispatch('open', new MessageEvent('open'));
  }

  emit(type: string, data: string): void {
    this.dispatch(type, new MessageEvent(type, { data }));
  }

  /** A dropped connection: the browser would try again by itself, we expect the client to close it. */
  fail(): void {
    this.readyState = 0;
    this.dispatch('error', new MessageEvent('error'));
  }

  private dispatch(type: string, event: MessageEvent): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
