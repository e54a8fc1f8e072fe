import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS_DIR = path.join(ROOT, 'tools');
export const FERRETDB_BIN = path.join(TOOLS_DIR, 'ferretdb');
export const FERRETDB_SRC = path.join(ROOT, 'scripts', 'ferretdb');
export const GO_BIN_DIRS = ['/usr/local/go/bin'];
