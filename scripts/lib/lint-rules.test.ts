import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

/** The rules the lint reports for a file at `file` (from the repository's root) holding `code`. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the lint of the layering rules', () => {
  it('when the gateway, the renderer or a service imports an app (a remote or the shell), then the lint fails; a package is fine', async () => {
    const imports = [
      "import { PUBLIC_ROUTES } from '@mealprep/mfe-public/route-table';",
      "import { ServerApp } from '@mealprep/shell/server';",
      "import { pageQueries } from '../../../mfe-public/src/page-reads';",
      "import { ServerApp } from '../../shell/src/server';",
      "import { x } from '@mealprep/mfe-admin';",
    ];
    for (const file of ['gateway/src/pages/new-file.ts', 'gateway/src/entry-points/new-file.ts', 'renderer/src/new-file.ts', 'svc-catalog/src/domain/new-file.ts', 'svc-media/src/new-file.ts']) {
      for (const line of imports) {
        const broken = await rulesBroken(file, `${line}\nexport const used = [${line.match(/\{ (\w+) \}/)![1]}];\n`);
        expect([file, line, broken]).toEqual([file, line, [expect.stringMatching(/^no-restricted-imports: .*An app never imports another app/)]]);
      }
      expect([file, await rulesBroken(file, "import { SITE_VERSION_HEADER } from '@mealprep/contracts';\nexport const header = SITE_VERSION_HEADER;\n")]).toEqual([file, []]);
    }
  });
});
