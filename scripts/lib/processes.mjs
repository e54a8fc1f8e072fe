import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './paths.mjs';
import { openPrivateLog } from './private-files.mjs';

/** Starts a long-running process with its output in a log file only this account may read. */
export function startProcess(name, command, args, { env, logFile }) {
  const out = openPrivateLog(logFile);
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, out] });
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
