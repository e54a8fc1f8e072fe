import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gatewayConfigShape } from '../../gateway/src/config';
import { rendererConfigShape } from '../../renderer/src/config';
import { authConfigShape } from '../../svc-auth/src/config';
import { catalogConfigShape } from '../../svc-catalog/src/config';
import { checkerConfigShape } from '../../svc-checker/src/config';
import { mediaConfigShape } from '../../svc-media/src/config';
// @ts-expect-error plain ESM helper without types
import { BALANCER_SETTINGS } from './load-balancer.mjs';
import { startSettingsShape } from './start-settings';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SERVICES = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'];
/** What each part's src/config.ts reads (the only readers of the environment). */
const PART_SHAPES: Record<string, object> = {
  'svc-catalog': catalogConfigShape,
  'svc-auth': authConfigShape,
  'svc-media': mediaConfigShape,
  'svc-checker': checkerConfigShape,
  gateway: gatewayConfigShape,
  renderer: rendererConfigShape,
};
const READERS = new Set([...Object.keys(PART_SHAPES), 'npm start']);

/** A variable's readers, as the code has them: each part whose config reads it, and npm start when scripts/start.mjs does. */
function readersInCode(): Map<string, Set<string>> {
  const readers = new Map<string, Set<string>>();
  const add = (name: string, reader: string) => readers.set(name, new Set([...(readers.get(name) ?? []), reader]));
  for (const [part, shape] of Object.entries(PART_SHAPES)) for (const name of Object.keys(shape)) add(name, part);
  // npm start's own: its checked settings (scripts/lib/start-settings.ts), the load balancer's,
  // and what scripts/start.mjs reads of the environment or of the settings checked for it.
  const own = [...Object.keys(startSettingsShape), ...Object.keys(BALANCER_SETTINGS as object)];
  const known = new Set([...readers.keys(), ...own]);
  const start = readFileSync(path.join(ROOT, 'scripts', 'start.mjs'), 'utf8');
  const read = [...start.matchAll(/\bprocess\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
  const checked = [...start.matchAll(/\bsettings\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!).filter((name) => known.has(name));
  for (const name of [...own, ...read, ...checked]) add(name, 'npm start');
  return readers;
}

/** docs/settings.md's table: each variable named in a row's first column, with the readers its second names. */
function readersInDocs(): { readers: Map<string, Set<string>>; problems: string[] } {
  const text = readFileSync(path.join(ROOT, 'docs', 'settings.md'), 'utf8');
  const readers = new Map<string, Set<string>>();
  const problems: string[] = [];
  const rows = text.split('\n').filter((line) => line.startsWith('| `'));
  for (const row of rows) {
    const [variables = '', readBy = ''] = row.slice(1).split(' | ');
    const named = readBy.split(',').flatMap((token) => {
      const reader = token.trim();
      if (reader === 'every service') return SERVICES;
      if (!READERS.has(reader)) problems.push(`${variables}: "${reader}" is not a part`);
      return [reader];
    });
    for (const [, name] of variables.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      if (readers.has(name!)) problems.push(`${name} is in two rows`);
      readers.set(name!, new Set(named));
    }
  }
  return { readers, problems };
}

describe('the settings page against the code', () => {
  it('when docs/settings.md names a variable, then exactly the parts it says read it (and npm start when it says so), and every variable the code reads is on the page', () => {
    const documented = readersInDocs();
    const code = readersInCode();
    expect(documented.readers.size).toBeGreaterThan(50);
    expect(documented.problems).toEqual([]);
    const sorted = (set: Set<string> | undefined) => [...(set ?? [])].sort().join(', ') || 'nothing';
    const mismatches = [...new Set([...documented.readers.keys(), ...code.keys()])]
      .filter((name) => sorted(documented.readers.get(name)) !== sorted(code.get(name)))
      .map((name) => `${name}: the page says ${documented.readers.has(name) ? sorted(documented.readers.get(name)) : '(not on the page)'}, the code reads it in ${sorted(code.get(name))}`);
    expect(mismatches).toEqual([]);
  });
});
