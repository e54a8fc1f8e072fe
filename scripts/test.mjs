// npm test: all set-up, then every stage (type check, lint and format; the launcher's Go checks;
// units and screens; integration; end to end), a table of each stage's time, and one last line
// "N passed, N failed" over all of them. With --quick (npm run test:quick): the type check, the
// lint, the format check, and every test that needs no database, broker, build or browser (the
// services' domain rules included), for day-to-day work.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureBroker } from './lib/ensure-broker.mjs';
import { ensureBuild } from './lib/ensure-build.mjs';
import { ensureChromium } from './lib/ensure-chromium.mjs';
import { ensureFerretdb } from './lib/ensure-ferretdb.mjs';
import { ferretdbWorkspace } from './lib/ferretdb-patch.mjs';
import { ensureHelm } from './lib/ensure-helm.mjs';
import { ensureInstall } from './lib/ensure-install.mjs';
import { ensureHaproxy } from './lib/load-balancer.mjs';
import { say } from './lib/log.mjs';
import { FERRETDB_SRC, GO_BIN_DIRS, ROOT } from './lib/paths.mjs';
import { run } from './lib/run.mjs';

const resultsDir = path.join(ROOT, '.tmp', 'test-results');
const totals = { passed: 0, failed: 0 };

function count(label, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  say(`${label}: ${passed} passed, ${failed} failed`);
}

async function vitest(label, configArgs, reportName) {
  const report = path.join(resultsDir, `${reportName}.json`);
  rmSync(report, { force: true });
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...configArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  let passed = 0;
  let failed = 0;
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    passed = result.numPassedTests;
    failed = result.numFailedTests + result.numPendingTests + result.numTodoTests;
    // A file that fails before its tests run (import error, failing hook) counts as a failure.
    const brokenFiles = result.testResults.filter((file) => file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed'));
    failed += brokenFiles.length;
  } catch {
    failed = 1;
  }
  if (code !== 0 && failed === 0) failed = 1;
  count(label, passed, failed);
}

async function typeCheck({ cached = false } = {}) {
  say('type check (tsc)…');
  // The day-to-day tier keeps what tsc learnt (under .tmp/) and checks again what changed since.
  const incremental = cached ? ['--incremental', '--tsBuildInfoFile', path.join(ROOT, '.tmp', 'tsc-buildinfo')] : [];
  const tsc = await run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json', ...incremental]);
  count('type check', tsc === 0 ? 1 : 0, tsc === 0 ? 0 : 1);
}

/** ESLint over the whole repository (eslint.config.mjs: typescript-eslint, hooks, layering), counted as one test. */
async function lint({ cached = false } = {}) {
  say('lint (eslint)…');
  const cache = cached ? ['--cache', '--cache-location', path.join(ROOT, '.tmp', 'eslint-cache')] : [];
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'), ...cache, '.']);
  count('lint', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

/** Prettier over the whole repository (.prettierrc.json, .prettierignore), counted as one test: a file not formatted fails it. */
async function format({ cached = false } = {}) {
  say('format (prettier --check)…');
  const cache = cached ? ['--cache', '--cache-location', path.join(ROOT, '.tmp', 'prettier-cache')] : [];
  const code = await run(process.execPath, [path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '--log-level', 'warn', ...cache, '.']);
  count('format', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}

/** Runs a command, its standard output read line by line (stderr shown); resolves with its exit code. */
function runLines(command, args, { cwd, env }, onLine) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) onLine(line);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (rest) onLine(rest);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * The FerretDB launcher's Go checks (scripts/ferretdb): go test, every test and subtest counted
 * from its -json report (a test that fails shows its output), then go vet and gofmt -l, one test
 * each. Built as the launcher is (CGO_ENABLED=0), so go test reuses its build cache.
 */
async function goChecks() {
  say('FerretDB launcher (go test, go vet, gofmt)…');
  const options = { cwd: FERRETDB_SRC, env: { ...process.env, PATH: [...GO_BIN_DIRS, process.env.PATH].join(':'), CGO_ENABLED: '0' } };
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  const output = new Map();
  options.env.GOWORK = await ferretdbWorkspace(options.env);
  const code = await runLines('go', ['test', '-json', '-count=1', './...'], options, (line) => {
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      if (line.trim()) process.stdout.write(`${line}\n`); // a build error
      return;
    }
    if (event.Action === 'build-output') {
      process.stdout.write(event.Output);
      return;
    }
    const key = `${event.Package} ${event.Test ?? ''}`;
    if (event.Action === 'output') output.set(key, (output.get(key) ?? '') + event.Output);
    if (!['pass', 'fail', 'skip'].includes(event.Action)) return;
    if (event.Action !== 'pass') process.stdout.write(output.get(key) ?? `${key}: ${event.Action}\n`);
    output.delete(key);
    if (!event.Test) return; // the package's own line
    if (event.Action === 'pass') passed += 1;
    else failed += 1; // a skipped test counts as failed, as vitest's pending ones do
  });
  // A test binary that dies (a panic in a goroutine, an exit) ends the tests it was running with
  // no verdict: their output is shown and each counts as failed.
  for (const [key, text] of output) {
    if (!key.endsWith(' ')) {
      process.stdout.write(`${key}: no verdict, the test binary ended while it ran\n${text}`);
      failed += 1;
    }
  }
  if (code !== 0 && failed === 0) failed = 1;
  count(`FerretDB launcher, go test (${Math.round((Date.now() - started) / 1000)} s)`, passed, failed);

  const vet = await run('go', ['vet', './...'], options);
  count('FerretDB launcher, go vet', vet === 0 ? 1 : 0, vet === 0 ? 0 : 1);

  const unformatted = [];
  const gofmt = await runLines('gofmt', ['-l', '.'], options, (line) => line.trim() && unformatted.push(line.trim()));
  if (unformatted.length > 0) say(`not formatted (gofmt -w ${unformatted.join(' ')}): ${unformatted.join(', ')}`);
  const formatted = gofmt === 0 && unformatted.length === 0;
  count('FerretDB launcher, gofmt', formatted ? 1 : 0, formatted ? 0 : 1);
}

/** Each stage's wall time, printed as a table before the last line. */
const stages = [];

/** The machine's CPU time so far (/proc/stat, every core): busy and total jiffies; null off Linux. */
function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, n) => sum + n, 0);
    const idle = fields[3] + (fields[4] ?? 0); // idle and iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Runs one stage (its steps may run side by side inside it) and notes how long it took. */
async function stage(name, work) {
  const started = Date.now();
  const before = { ...totals };
  const cpuBefore = machineCpu();
  try {
    await work();
  } finally {
    const cpuAfter = machineCpu();
    // How busy the machine's cores were during the stage: room left for running more side by side.
    const busy = cpuBefore && cpuAfter && cpuAfter.total > cpuBefore.total ? (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total) : null;
    stages.push({ name, seconds: (Date.now() - started) / 1000, busy, passed: totals.passed - before.passed, failed: totals.failed - before.failed });
  }
}

function stageTable() {
  const width = Math.max(...stages.map((s) => s.name.length), 5);
  const time = (seconds) => (seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`);
  const cores = (busy) => (busy === null ? '' : `${Math.round(busy * 100)} % CPU`);
  const lines = stages.map(
    (s) => `  ${s.name.padEnd(width)}  ${time(s.seconds).padStart(12)}  ${cores(s.busy).padStart(8)}  ${s.passed + s.failed > 0 ? `${s.passed} passed, ${s.failed} failed` : ''}`,
  );
  const all = stages.reduce((sum, s) => sum + s.seconds, 0);
  return ['stage times:', ...lines, `  ${'total'.padEnd(width)}  ${time(all).padStart(12)}`].join('\n');
}

/** Type check, lint and format check side by side (each single-threaded; the machine has two cores). */
async function staticChecks({ cached }) {
  await Promise.all([typeCheck({ cached }), lint({ cached }), format({ cached })]);
}

/** The projects that need no database, broker, build or browser: the node units and the screens in jsdom. */
const UNIT_PROJECTS = ['units', 'shell', 'mfe-public', 'mfe-admin', 'mfe-dashboard', 'ui', 'api-client'];

async function units(reportName) {
  await vitest('units and screens', ['--config', 'vitest.config.ts', ...UNIT_PROJECTS.map((name) => `--project=${name}`)], reportName);
}

/** npm run test:quick: the day-to-day tier (type check, lint, format, every unit and screen test). */
async function quick() {
  mkdirSync(resultsDir, { recursive: true });
  await stage('set-up (install)', () => ensureInstall());
  // The type check, lint and format checks remember what they passed (under .tmp/): the day-to-day
  // tier re-reads only what changed. npm test (and CI) checks every file.
  await stage('type check, lint, format', () => staticChecks({ cached: true }));
  await stage('units and screens', () => units('quick'));
}

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  await stage('set-up', async () => {
    await ensureInstall();
    // Side by side: the Debian packages (one apt at a time), the Go builds, the front ends' build.
    await Promise.all([
      (async () => {
        await ensureChromium();
        // The balancer's own tests and the sites with several gateways run the real HAProxy.
        await ensureHaproxy();
      })(),
      ensureBroker(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672', { restartStuck: true }),
      (async () => {
        await ensureFerretdb();
        // helm lint and helm template of deploy/helm run among the integration tests.
        await ensureHelm();
      })(),
      ensureBuild(),
    ]);
  });
  await stage('type check, lint, format', () => staticChecks({ cached: false }));
  await stage('FerretDB launcher (Go)', () => goChecks());
  await stage('units and screens', () => units('units'));
  await stage('integration', () => vitest('integration', ['--config', 'vitest.config.ts', '--project=integration', '--project=systems'], 'integration'));
  await stage('end-to-end', () => vitest('end-to-end', ['--config', 'e2e/vitest.config.ts'], 'end-to-end'));
}

(process.argv.includes('--quick') ? quick() : main())
  .catch((err) => {
    process.stderr.write(`[mealprep] ${err instanceof Error ? err.message : String(err)}\n`);
    totals.failed += 1;
  })
  .finally(() => {
    if (stages.length > 0) process.stdout.write(`${stageTable()}\n`);
    process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
    process.exitCode = totals.failed > 0 ? 1 : 0;
  });
