import { silentLogger } from '@mealprep/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { siteVersionFollower } from './site-version';

const SITE = 'a'.repeat(16);
const OTHER_SITE = 'b'.repeat(16);
const V1 = '0123456789ab';
const V2 = 'ba9876543210';

/** The renderer's parts as the follower sees them: the release in use, and what it was asked to do. */
function parts(options: { failures?: number } = {}) {
  const state = { release: V1 as string | null, named: V1, loads: 0, drops: 0, failures: options.failures ?? 0 };
  return {
    state,
    parts: {
      dropSite: () => void (state.drops += 1),
      get release() {
        return state.release;
      },
      loadRelease: async () => {
        state.loads += 1;
        if (state.failures > 0) {
          state.failures -= 1;
          throw new Error('release.json could not be read');
        }
        state.release = state.named;
      },
    },
  };
}
const quick = { minTimeout: 5, factor: 2, maxTimeout: 20, randomize: false };

describe('following the site version the gateway names', () => {
  it('when pages name the release in use, then nothing is loaded; when they name another, it is loaded once however many pages name it', async () => {
    const { state, parts: site } = parts();
    const heard = siteVersionFollower(site, silentLogger, quick);
    for (let i = 0; i < 5; i += 1) heard(`${SITE}.${V1}`);
    expect(state.loads).toBe(0);
    state.named = V2;
    for (let i = 0; i < 5; i += 1) heard(`${SITE}.${V2}`);
    await expect.poll(() => state.release).toBe(V2);
    heard(`${SITE}.${V2}`);
    expect(state.loads).toBe(1);
    expect(state.drops).toBe(0);
  });

  it('when the named release fails to load, then it is tried again with back-off until it loads', async () => {
    const { state, parts: site } = parts({ failures: 2 });
    const heard = siteVersionFollower(site, silentLogger, quick);
    heard(`${SITE}.${V1}`);
    state.named = V2;
    heard(`${SITE}.${V2}`);
    await expect.poll(() => state.release).toBe(V2);
    expect(state.loads).toBe(3);
  });

  it('when the site part changes (another shell build or runtime config), then the shell page and runtime config are dropped and the release read again', async () => {
    const { state, parts: site } = parts();
    const heard = siteVersionFollower(site, silentLogger, quick);
    heard(`${SITE}.${V1}`);
    heard(`${OTHER_SITE}.${V1}`);
    expect(state.drops).toBe(1);
    await expect.poll(() => state.loads).toBe(1);
    heard(`${OTHER_SITE}.${V1}`);
    expect(state.drops).toBe(1);
  });

  it('when the header is missing, malformed or names no release, then nothing happens', () => {
    const { state, parts: site } = parts();
    const heard = siteVersionFollower(site, silentLogger, quick);
    for (const header of [undefined, '', 'x'.repeat(10_000), `${SITE}.${V2}.extra`, `${SITE.toUpperCase()}.${V2}`, `${SITE}.none`]) heard(header);
    expect([state.loads, state.drops]).toEqual([0, 0]);
  });
});
