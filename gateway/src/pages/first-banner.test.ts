import { describe, expect, it } from 'vitest';
import type { Read } from './catalog-reader';
import { firstBanner } from './first-banner';

/** svc-media's banner list as the reader gives it, counting its reads. */
function media() {
  const state = { reads: 0, answer: { items: [{ id: 'banner-1' }] } as unknown };
  const read = (async () => {
    state.reads += 1;
    return state.answer;
  }) as unknown as Read;
  return { state, read };
}

describe("the home page's first banner", () => {
  it('when events are heard, then the banner list is read once and kept until a banner event drops it, with no time limit', async () => {
    const { state, read } = media();
    const banner = firstBanner(read, () => true);
    expect(await banner.id()).toBe('banner-1');
    expect(await banner.id()).toBe('banner-1');
    expect(state.reads).toBe(1);
    state.answer = { items: [{ id: 'banner-2' }] };
    expect(await banner.id()).toBe('banner-1');
    banner.drop();
    expect(await banner.id()).toBe('banner-2');
    expect(state.reads).toBe(2);
  });

  it('when no event would reach the gateway, then every page asks svc-media', async () => {
    const { state, read } = media();
    const banner = firstBanner(read, () => false);
    await banner.id();
    await banner.id();
    expect(state.reads).toBe(2);
  });

  it('when svc-media does not answer, then nothing is kept and the next page asks again', async () => {
    const { state, read } = media();
    state.answer = 'unavailable';
    const banner = firstBanner(read, () => true);
    expect(await banner.id()).toBeNull();
    state.answer = { items: [{ id: 'banner-3' }] };
    expect(await banner.id()).toBe('banner-3');
    expect(await banner.id()).toBe('banner-3');
    expect(state.reads).toBe(2);
  });
});
