import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { KEPT_RELEASES, publishRelease } from './release.mjs';

/** A remote's build as rspack stages it: a manifest, an entry and a chunk, each naming the build. */
function stage(dir: string, label: string, server = true): { staged: string; stagedServer?: string } {
  const staged = path.join(dir, `staged-${label}`);
  mkdirSync(staged, { recursive: true });
  writeFileSync(path.join(staged, 'mf-manifest.json'), JSON.stringify({ name: 'mfe_public', build: label }));
  writeFileSync(path.join(staged, 'remoteEntry.js'), `/* ${label} */`);
  writeFileSync(path.join(staged, `chunk-${label}.js`), `/* chunk ${label} */`);
  if (!server) return { staged };
  const stagedServer = path.join(dir, `server-${label}`);
  mkdirSync(stagedServer, { recursive: true });
  writeFileSync(path.join(stagedServer, `server.${label}.cjs`), `module.exports = ${JSON.stringify(label)};`);
  return { staged, stagedServer };
}

describe("a remote's releases", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a new build is published, then release.json names it and the release before still answers every file it had', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-release-'));
    const dist = path.join(dir, 'dist');
    const first = await publishRelease({ dist, ...stage(dir, 'one') });
    const second = await publishRelease({ dist, ...stage(dir, 'two') });
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
    expect(second.version).not.toBe(first.version);
    expect(JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8'))).toEqual({
      version: second.version,
      manifest: `releases/${second.version}/mf-manifest.json`,
      server: `releases/${second.version}/server.cjs`,
    });
    expect(readFileSync(path.join(dist, 'releases', second.version, 'server.cjs'), 'utf8')).toBe('module.exports = "two";');
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'chunk-one.js', 'server.cjs']) expect(existsSync(path.join(dist, 'releases', first.version, file)), file).toBe(true);
  });

  it('when the same build is published again, then it keeps its version and becomes the current one', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-release-'));
    const dist = path.join(dir, 'dist');
    const a = await publishRelease({ dist, ...stage(dir, 'same') });
    await publishRelease({ dist, ...stage(dir, 'other') });
    const again = await publishRelease({ dist, ...stage(dir, 'same') });
    expect(again.version).toBe(a.version);
    expect(JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8')).version).toBe(a.version);
  });

  it('when only remoteEntry.js changed (a new federation runtime), then it is a new release and the one before keeps its own entry', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-release-'));
    const dist = path.join(dir, 'dist');
    const before = await publishRelease({ dist, ...stage(dir, 'same') });
    const changed = stage(dir, 'same');
    writeFileSync(path.join(changed.staged, 'remoteEntry.js'), '/* same, with another runtime */');
    const after = await publishRelease({ dist, ...changed });
    expect(after.version).not.toBe(before.version);
    expect(readFileSync(path.join(dist, 'releases', before.version, 'remoteEntry.js'), 'utf8')).toBe('/* same */');
    expect(readFileSync(path.join(dist, 'releases', after.version, 'remoteEntry.js'), 'utf8')).toBe('/* same, with another runtime */');
  });

  it(`when more than ${KEPT_RELEASES} releases were published, then the oldest go and what an older build wrote straight into dist goes too`, async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-release-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'mf-manifest.json'), '{"old":"layout"}');
    const versions: string[] = [];
    for (let n = 0; n < KEPT_RELEASES + 2; n += 1) {
      versions.push((await publishRelease({ dist, ...stage(dir, `build${n}`, false) })).version);
      // Each a second older than the next, whatever the clock's resolution.
      const at = new Date(Date.now() - (KEPT_RELEASES + 2 - n) * 1_000);
      utimesSync(path.join(dist, 'releases', versions.at(-1)!), at, at);
    }
    const kept = versions.filter((v) => existsSync(path.join(dist, 'releases', v)));
    expect(kept).toEqual(versions.slice(-KEPT_RELEASES));
    expect(existsSync(path.join(dist, 'mf-manifest.json'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8'))).toMatchObject({ version: versions.at(-1), server: null });
  });
});
