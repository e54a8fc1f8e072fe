import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// With CI=true typescript-eslint assumes one run over the files as they are on disk (its "single
// run"), and would lint the file's stored text instead of the text given here: not inferred here.
const eslint = new ESLint({ cwd: root, overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } } });

/**
 * The rules the lint reports for a file at `file` (from the repository's root) holding `code`. The
 * type-aware rules read the repository's program, so `file` is one it has: the lint reads `code` in
 * its place.
 */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

// Each lint of a changed file reads the program again (type-aware rules): seconds each on a busy machine.
describe('the lint of the layering rules', { timeout: 180_000 }, () => {
  it('when the gateway, the renderer or a service imports an app (a remote or the shell), then the lint fails; a package is fine', async () => {
    const imports = [
      "import { PUBLIC_ROUTES } from '@mealprep/mfe-public/route-table';",
      "import { ServerApp } from '@mealprep/shell/server';",
      "import { pageQueries } from '../../../mfe-public/src/page-reads';",
      "import { ServerApp } from '../../shell/src/server';",
      "import { x } from '@mealprep/mfe-admin';",
    ];
    for (const file of [
      'gateway/src/pages/public-release.ts',
      'gateway/src/entry-points/mq/catalog-events.ts',
      'renderer/src/server-builds.ts',
      'svc-catalog/src/domain/demo-seed.ts',
      'svc-media/src/app.ts',
    ]) {
      for (const line of imports) {
        const broken = await rulesBroken(file, `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)![1]}];\n`);
        expect([file, line, broken]).toEqual([file, line, [expect.stringMatching(/^no-restricted-imports: .*An app never imports another app/)]]);
      }
      expect([file, await rulesBroken(file, "import { SITE_VERSION_HEADER } from '@mealprep/contracts';\nexport const header = SITE_VERSION_HEADER;\n")]).toEqual([file, []]);
    }
  });

  it('when a promise is left floating or handed where nothing awaits it, in a service, the gateway or a page, then the lint fails; awaited or voided on purpose is fine', async () => {
    const floating = 'export async function save(): Promise<void> {}\nexport function later(): void {\n  save();\n}\n';
    const handed = 'export async function tick(): Promise<void> {}\nexport function start(): void {\n  setInterval(tick, 1000);\n}\n';
    const onPurpose =
      'export async function save(): Promise<void> {}\nexport async function now(): Promise<void> {\n  await save();\n}\nexport function later(): void {\n  void save();\n  setInterval(() => void save(), 1000);\n}\n';
    for (const file of ['svc-catalog/src/domain/demo-seed.ts', 'gateway/src/pages/public-release.ts', 'mfe-public/src/features/services/components/service-search.tsx']) {
      expect([file, await rulesBroken(file, floating)]).toEqual([file, [expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /)]]);
      expect([file, await rulesBroken(file, handed)]).toEqual([file, [expect.stringMatching(/^@typescript-eslint\/no-misused-promises: /)]]);
      expect([file, await rulesBroken(file, onPurpose)]).toEqual([file, []]);
    }
  });
});
