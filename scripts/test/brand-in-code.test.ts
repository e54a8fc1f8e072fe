import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogConfigShape } from '../../svc-catalog/src/config';
// @ts-expect-error plain ESM helper without types
import { ROOT } from '../lib/paths.mjs';

/** The built front ends (every file a browser or the renderer loads) and the templates pages and mails are made from. */
const BUILT = ['shell/dist', 'mfe-public/dist', 'mfe-dashboard/dist', 'mfe-admin/dist'];
const TEMPLATES = ['shell/src/index.html', 'svc-auth/src/mail'];

/** A release folder the current pointer does not name (an earlier build kept for open pages) is not read. */
function isCurrent(dist: string, name: string): boolean {
  const release = /^releases\/([0-9a-f]{12})\//.exec(name)?.[1];
  if (!release) return true;
  return (JSON.parse(readFileSync(path.join(dist, 'release.json'), 'utf8')) as { version: string }).version === release;
}

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT as string, relative);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => isCurrent(full, name.split(path.sep).join('/')))
    .map((name) => path.join(full, name))
    .filter((file) => statSync(file).isFile() && !/\.(br|gz|png|webp|jpg|woff2?)$/.test(file));
}

describe('no brand in the code', () => {
  it("when the bundles and the templates are read, then the product's default name is in none of them: it lives only in the first start's settings", () => {
    const name = catalogConfigShape.BRAND_SITE_NAME.parse(undefined);
    expect(name.length).toBeGreaterThan(3);
    const files = [...BUILT, ...TEMPLATES].flatMap(filesUnder);
    // The front ends are built (npm test builds them first): a bundle of each app is read.
    for (const app of BUILT)
      expect(
        files.some((file) => file.startsWith(path.join(ROOT as string, app)) && file.endsWith('.js')),
        app,
      ).toBe(true);
    expect(files.filter((file) => readFileSync(file, 'utf8').includes(name)).map((file) => path.relative(ROOT as string, file))).toEqual([]);
  });
});
