import { chmodSync, fchmodSync, mkdirSync, openSync } from 'node:fs';

/**
 * Folders and files only this account may read: the logs (svc-auth logs each sign-in link and code
 * when there is no SMTP server), the run state and the identity secret. Rights are set again on
 * folders and files that already exist, so a data folder made by an older version is closed too.
 */
export function privateDir(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}

/** Opens a log file for appending, readable and writable by this account only. */
export function openPrivateLog(file) {
  const fd = openSync(file, 'a', 0o600);
  fchmodSync(fd, 0o600);
  return fd;
}
