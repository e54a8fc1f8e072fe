// npm run restore <file> [-- --data <folder>]: brings a backup made by npm run backup back into an
// empty (or missing) data folder; a file that is not a whole backup of this format is refused with
// nothing changed (scripts/ferretdb/backup.go).
import { backupArgs, runLauncher, runningSiteOn, userPath } from './lib/backup.mjs';

const USAGE = `usage: npm run restore <file> [-- --data <folder>]
  file    a backup made by npm run backup
  --data  the data folder to fill, empty or missing; default <DATA_DIR>/ferretdb (DATA_DIR as npm start reads it, ./data)`;

const { file, dataDir } = backupArgs(USAGE);
if (!file) {
  process.stderr.write(`restore: name the backup file to restore\n${USAGE}\n`);
  process.exit(2);
}
const running = runningSiteOn(dataDir);
if (running) {
  process.stderr.write(`restore: npm start is running on ${dataDir} (pid ${running}); stop it first. Nothing was changed.\n`);
  process.exit(1);
}
process.exitCode = await runLauncher(['restore', '-data', dataDir, '-in', userPath(file)]);
