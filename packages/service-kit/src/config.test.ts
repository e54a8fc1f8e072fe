import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseConfigShape, ConfigError, loadConfig } from './config';

const good = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/',
  IDENTITY_SECRET: 'x'.repeat(32),
};

describe('settings', () => {
  it('when only the required settings are given, then the defaults fill the rest', () => {
    const config = loadConfig(baseConfigShape, good);
    expect(config.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('when a setting is bad, then there is one line naming each bad variable and what it got', () => {
    const shape = { ...baseConfigShape, PORT: z.coerce.number().int().min(0).max(65535) };
    let error: unknown;
    try {
      loadConfig(shape, { ...good, PORT: 'abc', AMQP_URL: 'http://nope', LOG_LEVEL: 'loud' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).lines;
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.startsWith('Invalid setting PORT:'))).toContain('(got "abc")');
    expect(lines.find((l) => l.startsWith('Invalid setting AMQP_URL:'))).toContain('amqp://');
    expect(lines.some((l) => l.startsWith('Invalid setting LOG_LEVEL:'))).toBe(true);
  });

  it('when a required setting is missing, then the line says it is required', () => {
    expect(() => loadConfig(baseConfigShape, { IDENTITY_SECRET: 'x'.repeat(32) })).toThrow('Invalid setting MONGODB_URI: is required (not set)');
  });

  it('when a variable is set but empty, then its default applies', () => {
    expect(loadConfig(baseConfigShape, { ...good, LOG_LEVEL: '' }).LOG_LEVEL).toBe('info');
  });
});
