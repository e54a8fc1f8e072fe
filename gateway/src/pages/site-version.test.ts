import { linkSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '@mealprep/contracts';
import { releasePointer, siteVersion } from './site-version';

const config = {
  siteName: 'Meal Prep Directory',
  siteUrl: 'https://meals.example.com',
  apiBase: '/api',
  remotes: { public: '/remotes/public/release.json', dashboard: '', admin: '' },
} as unknown as RuntimeConfig;

describe('the site version the gateway names to the renderer', () => {
  it('when release.json names a release, then the version ends with it, and follows the file as it is written', async () => {
    let pointer = JSON.stringify({ version: '0123456789ab', manifest: 'releases/0123456789ab/mf-manifest.json' });
    const version = siteVersion({ shellIndexHtml: '<html></html>', runtimeConfig: async () => config, pointer: async () => pointer });
    const first = await version();
    expect(first).toMatch(/^[0-9a-f]{16}\.0123456789ab$/);
    pointer = JSON.stringify({ version: 'ba9876543210', manifest: 'releases/ba9876543210/mf-manifest.json' });
    expect(await version()).toBe(`${first.split('.')[0]}.ba9876543210`);
    for (const broken of ['', '{', '{"version":"../../etc"}', 'null']) {
      pointer = broken;
      expect(await version()).toBe(`${first.split('.')[0]}.none`);
    }
  });

  it('when two gateways serve the same shell page and settings, then they name the same site; another shell build or setting is another site', async () => {
    const pointer = async () => '';
    const one = await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: async () => config, pointer })();
    expect(await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: async () => config, pointer })()).toBe(one);
    expect(await siteVersion({ shellIndexHtml: '<html>2</html>', runtimeConfig: async () => config, pointer })()).not.toBe(one);
    expect(await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: async () => ({ ...config, siteUrl: 'https://other.example.com' }), pointer })()).not.toBe(one);
  });

  it('when release.json is written in place, replaced or removed, then the pages after it read it as it is now', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mealprep-pointer-'));
    const read = releasePointer(root);
    // The change is announced by the folder's watch a moment after it is made: the pages after that read it.
    const reads = (text: string) => vi.waitFor(async () => expect(await read()).toBe(text), { timeout: 5_000, interval: 5 });
    try {
      const dist = path.join(root, 'mfe-public', 'dist');
      expect(await read()).toBe('');
      mkdirSync(dist, { recursive: true });
      const file = path.join(dist, 'release.json');
      writeFileSync(file, '{"version":"0123456789ab"}');
      await reads('{"version":"0123456789ab"}');
      expect(await read()).toBe('{"version":"0123456789ab"}');
      // The same size, written over the same file.
      writeFileSync(file, '{"version":"ba9876543210"}');
      await reads('{"version":"ba9876543210"}');
      // Published as a release is: a new file renamed over it.
      writeFileSync(`${file}.next`, '{"version":"aaaaaaaaaaaa"}');
      renameSync(`${file}.next`, file);
      await reads('{"version":"aaaaaaaaaaaa"}');
      rmSync(file);
      await reads('');
      // The whole folder replaced, as a new build of the remote may do.
      rmSync(dist, { recursive: true });
      mkdirSync(dist, { recursive: true });
      writeFileSync(file, '{"version":"bbbbbbbbbbbb"}');
      await reads('{"version":"bbbbbbbbbbbb"}');
      writeFileSync(`${file}.next`, '{"version":"cccccccccccc"}');
      renameSync(`${file}.next`, file);
      await reads('{"version":"cccccccccccc"}');
    } finally {
      read.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('when nothing is announced, then the pointer is not looked at for each page, and is looked at again after a second all the same', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mealprep-pointer-'));
    const dist = path.join(root, 'mfe-public', 'dist');
    mkdirSync(dist, { recursive: true });
    const file = path.join(dist, 'release.json');
    writeFileSync(file, '{"version":"0123456789ab"}');
    // The same file under another folder: a write through it is announced there, not in the watched folder.
    const alias = path.join(root, 'alias.json');
    linkSync(file, alias);
    const read = releasePointer(root);
    try {
      expect(await read()).toBe('{"version":"0123456789ab"}');
      writeFileSync(alias, '{"version":"ba9876543210"}');
      for (let i = 0; i < 10; i += 1) expect(await read()).toBe('{"version":"0123456789ab"}');
      await vi.waitFor(async () => expect(await read()).toBe('{"version":"ba9876543210"}'), { timeout: 5_000, interval: 50 });
    } finally {
      read.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
