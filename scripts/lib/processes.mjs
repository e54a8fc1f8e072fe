import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './paths.mjs';
import { openPrivateLog } from './private-files.mjs';

/**
 * On Linux, util-linux's setpriv runs a program with the kernel's parent-death signal set: when
 * npm start (or a test that started it) dies without stopping its parts, even by SIGKILL, they are
 * killed too instead of living on with their ports and broker connections. setpriv replaces itself
 * with the program, so the pid is the program's.
 */
const SETPRIV = process.platform === 'linux' && spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore' }).status === 0;

/** A command and its arguments, ended with their starter when it dies (where the system can). */
export function endedWithStarter(command, args) {
  return SETPRIV ? { command: 'setpriv', args: ['--pdeathsig', 'KILL', '--', command, ...args] } : { command, args };
}

/** Starts a long-running process with its output in a log file only this account may read. */
export function startProcess(name, command, args, { env, logFile }) {
  const out = openPrivateLog(logFile);
  const run = endedWithStarter(command, args);
  const child = spawn(run.command, run.args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
  // What it was started with, so that npm start can start it again the same way.
  const state = { name, command, args, env, child, logFile, exited: false, code: null };
  child.once('exit', (code, signal) => {
    state.exited = true;
    state.code = code ?? signal;
  });
  return state;
}

export function stopProcess(state, graceMs = 8_000) {
  return new Promise((resolve) => {
    if (state.exited) return resolve();
    state.child.once('exit', () => resolve());
    state.child.kill('SIGTERM');
    setTimeout(() => state.child.kill('SIGKILL'), graceMs).unref();
  });
}

export function logTail(file, lines = 15) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
