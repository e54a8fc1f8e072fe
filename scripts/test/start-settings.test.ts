import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm start with a bad setting', () => {
  it('when PORT is not a number, then start-up stops with one line naming the variable and starts nothing', () => {
    const result = start({ PORT: 'abc' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual(['Invalid setting PORT: must be a port number from 0 to 65535 (got "abc")']);
    expect(result.stdout).not.toContain('ferretdb:');
  });

  it('when two settings are bad, then there is one line for each', () => {
    const result = start({ PORT: '70000', AMQP_URL: 'http://127.0.0.1:5672' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Invalid setting (PORT|AMQP_URL): /);
    expect(lines.join('\n')).toContain('Invalid setting AMQP_URL: must start with amqp:// or amqps:// (got "http://127.0.0.1:5672")');
  });
});
