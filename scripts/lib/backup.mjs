import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureFerretdb } from './ensure-ferretdb.mjs';
import { ROOT } from './paths.mjs';

/** A path the user typed, from the folder they ran npm in (npm runs scripts from the repository's root). */
export function userPath(file) {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

/** The data folder of npm start's embedded FerretDB: DATA_DIR (default ./data, from the repository's root) + /ferretdb. */
export function defaultFerretdbDir(env = process.env) {
  return path.resolve(ROOT, env.DATA_DIR || './data', 'ferretdb');
}

/**
 * The command line of npm run backup / restore: one file and `--data <folder>` (FerretDB's data
 * folder, the one holding the *.sqlite files). A bad one ends the script with its usage.
 */
export function backupArgs(usage) {
  let parsed;
  try {
    parsed = parseArgs({ options: { data: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${usage}\n`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  if (positionals.length > 1) {
    process.stderr.write(`one backup file at most (got ${positionals.join(' ')})\n${usage}\n`);
    process.exit(2);
  }
  return { file: positionals[0], dataDir: values.data ? userPath(values.data) : defaultFerretdbDir() };
}

/** The pid of a running npm start whose FerretDB uses ferretdbDir, or null. */
export function runningSiteOn(ferretdbDir) {
  const stateFile = path.join(path.dirname(ferretdbDir), 'run', 'state.json');
  if (!existsSync(stateFile)) return null;
  try {
    const { pid, ferretdbPid } = JSON.parse(readFileSync(stateFile, 'utf8'));
    for (const candidate of [ferretdbPid, pid]) {
      if (!candidate) continue;
      try {
        process.kill(candidate, 0);
        return candidate;
      } catch {
        // not running
      }
    }
  } catch {
    // an unreadable state file: no site to speak of
  }
  return null;
}

/** Runs the FerretDB launcher's backup or restore subcommand (building the launcher if needed); its exit code. */
export async function runLauncher(args) {
  const bin = await ensureFerretdb();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
