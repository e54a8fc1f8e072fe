import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader, retryableOnce } from '../federation';
import { testRuntimeConfig as config } from '@mealprep/api-client/testing';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

function Routes() {
  return null;
}

describe('remote loader', () => {
  it('when loading first, then the remote is registered from the runtime config manifest URL', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce({ default: Routes });
    const load = createRemoteLoader(async () => config);
    await expect(load('public')).resolves.toEqual({ default: Routes });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_public', entry: '/remotes/public/mf-manifest.json' }],
      { force: false },
    );
    expect(loadRemote).toHaveBeenCalledWith('mfe_public/routes');
  });

  it('when a load failed, then the next attempt re-registers with force so the manifest is fetched again', async () => {
    vi.mocked(registerRemotes).mockClear();
    vi.mocked(loadRemote).mockRejectedValueOnce(new Error('blocked')).mockResolvedValueOnce({ default: Routes });
    const load = createRemoteLoader(async () => config);
    await expect(load('public')).rejects.toThrow('blocked');
    await expect(load('public')).resolves.toEqual({ default: Routes });
    expect(vi.mocked(registerRemotes).mock.calls.map((call) => call[1])).toEqual([{ force: false }, { force: true }]);
  });

  it('when the module has no routes component, then the load fails', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce({});
    await expect(createRemoteLoader(async () => config)('admin')).rejects.toThrow(/routes/);
  });

  it('when the config read fails once, then the next call reads it again', async () => {
    const read = vi.fn<() => Promise<number>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(1);
    const get = retryableOnce(read);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe(1);
    await expect(get()).resolves.toBe(1);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
