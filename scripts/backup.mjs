// npm run backup [file] [-- --data <folder>]: a consistent copy of every database of the embedded
// FerretDB, taken while the site runs and takes writes (scripts/ferretdb/backup.go).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { backupArgs, runLauncher, userPath } from './lib/backup.mjs';

const USAGE = `usage: npm run backup [file] [-- --data <folder>]
  file    the backup to write (a .tar.gz; must not exist); default <DATA_DIR>/backups/ferretdb-<UTC time>.tar.gz
  --data  FerretDB's data folder; default <DATA_DIR>/ferretdb (DATA_DIR as npm start reads it, ./data)`;

const { file, dataDir } = backupArgs(USAGE);
if (process.env.MONGODB_URI) {
  process.stderr.write('Note: MONGODB_URI is set; npm start then uses that database, not the embedded one (see docs/production.md for mongodump).\n');
}
let out;
if (file) {
  out = userPath(file);
} else {
  const folder = path.join(path.dirname(dataDir), 'backups');
  // Made only beside a data folder there is (without one the launcher says so, and nothing is made).
  if (existsSync(dataDir)) mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stamp = `${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
  out = path.join(folder, `ferretdb-${stamp}.tar.gz`);
}
process.exitCode = await runLauncher(['backup', '-data', dataDir, '-out', out]);
