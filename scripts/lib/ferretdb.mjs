import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FERRETDB_BIN } from './paths.mjs';
import { canConnect, freePort, waitFor } from './net.mjs';
import { openPrivateLog } from './private-files.mjs';
import { endedWithStarter } from './processes.mjs';

/**
 * Starts FerretDB (SQLite backend) on a free port with its files in dataDir; resolves once it
 * accepts connections. The caller stops it with the returned function.
 */
export async function startFerretdb({ dataDir, logFile, port, endWithStarter = false }) {
  const listenPort = port ?? (await freePort());
  mkdirSync(dataDir, { recursive: true });
  const out = logFile ? openPrivateLog(logFile) : 'ignore';
  // npm start's FerretDB ends with it (endedWithStarter); a test's lives as long as the test run wants it.
  const args = ['-listen', `127.0.0.1:${listenPort}`, '-data', path.resolve(dataDir)];
  const run = endWithStarter ? endedWithStarter(FERRETDB_BIN, args) : { command: FERRETDB_BIN, args };
  const child = spawn(run.command, run.args, {
    stdio: ['ignore', out, out],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  await waitFor(
    async () => {
      if (exited) throw new Error(`FerretDB exited at start${logFile ? `; see ${logFile}` : ''}`);
      return canConnect(listenPort);
    },
    { timeoutMs: 30_000, what: 'FerretDB' },
  );
  return {
    uri: `mongodb://127.0.0.1:${listenPort}/`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
