import { closeSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper without types
import { openPrivateLog, privateDir } from './private-files.mjs';
// @ts-expect-error plain ESM helper without types
import { startProcess, stopProcess } from './processes.mjs';

const rights = (file: string) => statSync(file).mode & 0o777;

describe('the folders and logs npm start makes', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when the logs and run folders are made, or were left open by an older version, then only this account may enter them', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-private-'));
    const fresh = privateDir(path.join(dir, 'data', 'logs'));
    expect(rights(fresh)).toBe(0o700);
    const older = path.join(dir, 'data', 'run');
    mkdirSync(older, { mode: 0o755 });
    privateDir(older);
    expect(rights(older)).toBe(0o700);
  });

  it('when a service starts, then its log (which holds sign-in links and codes) is readable by this account only, also a log an older version made', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-private-'));
    const logs = privateDir(path.join(dir, 'logs'));
    const older = path.join(logs, 'older.log');
    writeFileSync(older, 'before\n', { mode: 0o644 });
    for (const [name, logFile] of [
      ['fresh', path.join(logs, 'fresh.log')],
      ['older', older],
    ] as const) {
      const proc = startProcess(name, process.execPath, ['-e', 'console.log("code 123456")'], { env: {}, logFile });
      await new Promise((resolve) => proc.child.once('exit', resolve));
      await stopProcess(proc);
      expect(rights(logFile), name).toBe(0o600);
      expect(readFileSync(logFile, 'utf8'), name).toContain('code 123456');
    }
    expect(readFileSync(older, 'utf8')).toBe('before\ncode 123456\n');
    const fd = openPrivateLog(path.join(logs, 'ferretdb.log'));
    expect(rights(path.join(logs, 'ferretdb.log'))).toBe(0o600);
    closeSync(fd);
  });
});
