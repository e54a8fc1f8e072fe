import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
    const version = siteVersion({ shellIndexHtml: '<html></html>', runtimeConfig: config, pointer: async () => pointer });
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
    const one = await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: config, pointer })();
    expect(await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: config, pointer })()).toBe(one);
    expect(await siteVersion({ shellIndexHtml: '<html>2</html>', runtimeConfig: config, pointer })()).not.toBe(one);
    expect(await siteVersion({ shellIndexHtml: '<html>1</html>', runtimeConfig: { ...config, siteUrl: 'https://other.example.com' }, pointer })()).not.toBe(one);
  });

  it('when release.json is written in place, replaced or removed, then the next read gives it as it is now', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mealprep-pointer-'));
    try {
      const dist = path.join(root, 'mfe-public', 'dist');
      mkdirSync(dist, { recursive: true });
      const file = path.join(dist, 'release.json');
      const read = releasePointer(root);
      expect(await read()).toBe('');
      writeFileSync(file, '{"version":"0123456789ab"}');
      expect(await read()).toBe('{"version":"0123456789ab"}');
      expect(await read()).toBe('{"version":"0123456789ab"}');
      // The same size, written over the same file.
      writeFileSync(file, '{"version":"ba9876543210"}');
      expect(await read()).toBe('{"version":"ba9876543210"}');
      // Published as a release is: a new file renamed over it.
      writeFileSync(`${file}.next`, '{"version":"aaaaaaaaaaaa"}');
      renameSync(`${file}.next`, file);
      expect(await read()).toBe('{"version":"aaaaaaaaaaaa"}');
      rmSync(file);
      expect(await read()).toBe('');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
