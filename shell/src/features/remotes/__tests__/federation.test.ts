import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteLoader, retryableOnce } from '../../../lib/federation';
import { testRuntimeConfig as config } from '@mealprep/api-client/testing';

vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

function Routes() {
  return null;
}

describe('remote loader', () => {
  const RELEASE = { version: 'a1b2c3d4e5f6', manifest: 'releases/a1b2c3d4e5f6/mf-manifest.json', server: 'releases/a1b2c3d4e5f6/server.cjs' };
  const releases = () => vi.fn<typeof fetch>(async () => new Response(JSON.stringify(RELEASE), { status: 200 }));

  it('when the runtime config names a release.json, then the current release is read once and its manifest registered', async () => {
    vi.mocked(registerRemotes).mockClear();
    vi.mocked(loadRemote).mockResolvedValue({ default: Routes });
    const fetch = releases();
    const load = createRemoteLoader(async () => config, fetch);
    await expect(load('public')).resolves.toEqual({ default: Routes });
    await load('public');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe(new URL('/remotes/public/release.json', document.baseURI).href);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_public', entry: new URL('/remotes/public/releases/a1b2c3d4e5f6/mf-manifest.json', document.baseURI).href }], { force: false });
    expect(loadRemote).toHaveBeenCalledWith('mfe_public/routes');
  });

  it("when the runtime config names a release's manifest (a server-rendered page), then that one is registered as it is", async () => {
    vi.mocked(registerRemotes).mockClear();
    vi.mocked(loadRemote).mockResolvedValueOnce({ default: Routes });
    const fetch = releases();
    const manifest = '/remotes/public/releases/0f0f0f0f0f0f/mf-manifest.json';
    await createRemoteLoader(async () => ({ ...config, remotes: { ...config.remotes, public: manifest } }), fetch)('public');
    expect(fetch).not.toHaveBeenCalled();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_public', entry: manifest }], { force: false });
  });

  it('when a load failed, then the next attempt reads the current release again and re-registers with force', async () => {
    vi.mocked(registerRemotes).mockClear();
    vi.mocked(loadRemote).mockRejectedValueOnce(new Error('blocked')).mockResolvedValueOnce({ default: Routes });
    const fetch = releases();
    const load = createRemoteLoader(async () => config, fetch);
    await expect(load('public')).rejects.toThrow('blocked');
    await expect(load('public')).resolves.toEqual({ default: Routes });
    expect(vi.mocked(registerRemotes).mock.calls.map((call) => call[1])).toEqual([{ force: false }, { force: true }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('when the module has no routes component, then the load fails', async () => {
    vi.mocked(loadRemote).mockResolvedValueOnce({});
    await expect(createRemoteLoader(async () => config, releases())('admin')).rejects.toThrow(/routes/);
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
