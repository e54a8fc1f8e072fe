import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error js-yaml ships without types; only load() is used
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PART_CONFIG_LOADERS } from './part-configs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
type Service = { image?: string; command?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; volumes?: string[] };
const compose = load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };

/** Compose's own interpolation: ${X:?msg} needs a value (a sample here), ${X:-d} falls back to d. */
function interpolate(env: Record<string, string>): Record<string, string> {
  const samples: Record<string, string> = { IDENTITY_SECRET: 's'.repeat(40) };
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [
      key,
      String(value)
        .replace(/\$\{(\w+):\?[^}]*\}/g, (_m, name: string) => samples[name] ?? 'sample')
        .replace(/\$\{(\w+):-([^}]*)\}/g, (_m, _name: string, fallback: string) => fallback),
    ]),
  );
}

const MEMBERS = ['mongodb1', 'mongodb2', 'mongodb3'];

const loaders = PART_CONFIG_LOADERS;

/** Every member and the set's name: the driver finds the primary and follows an election. */
const REPLICA_SET = `mongodb://${MEMBERS.map((member) => `${member}:27017`).join(',')}/?replicaSet=rs0`;
const SECRET_SAMPLE = 's'.repeat(40);
/**
 * The settings that tie each part to the others, as compose gives them (a setting not listed is not
 * given). The gateway reaches the four services and the renderer; the renderer reads a page's data
 * from svc-catalog and svc-media, and the code it renders with from the gateway: no secret, no database.
 */
const WIRING: Record<keyof typeof loaders, Record<string, string>> = {
  gateway: {
    CATALOG_URL: 'http://svc-catalog:3000',
    AUTH_URL: 'http://svc-auth:3000',
    MEDIA_URL: 'http://svc-media:3000',
    CHECKER_URL: 'http://svc-checker:3000',
    RENDERER_URL: 'http://renderer:3000',
    IDENTITY_SECRET: SECRET_SAMPLE,
  },
  renderer: { GATEWAY_URL: 'http://gateway:8080', CATALOG_URL: 'http://svc-catalog:3000', MEDIA_URL: 'http://svc-media:3000' },
  'svc-catalog': { MEDIA_URL: 'http://svc-media:3000', MONGODB_URI: REPLICA_SET, IDENTITY_SECRET: SECRET_SAMPLE },
  'svc-auth': { CATALOG_URL: 'http://svc-catalog:3000', MONGODB_URI: REPLICA_SET, IDENTITY_SECRET: SECRET_SAMPLE },
  'svc-media': { CATALOG_URL: 'http://svc-catalog:3000', MONGODB_URI: REPLICA_SET, IDENTITY_SECRET: SECRET_SAMPLE },
  'svc-checker': { CATALOG_URL: 'http://svc-catalog:3000', MONGODB_URI: REPLICA_SET, IDENTITY_SECRET: SECRET_SAMPLE },
};
const WIRING_SETTINGS = ['CATALOG_URL', 'AUTH_URL', 'MEDIA_URL', 'CHECKER_URL', 'RENDERER_URL', 'GATEWAY_URL', 'MONGODB_URI', 'IDENTITY_SECRET'];

describe('docker-compose.yml', () => {
  it('when it is read, then it has MongoDB 7 in three members, RabbitMQ with management, the four services, the gateway and the renderer', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'gateway',
      'mongodb-init',
      'mongodb1',
      'mongodb2',
      'mongodb3',
      'rabbitmq',
      'renderer',
      'svc-auth',
      'svc-catalog',
      'svc-checker',
      'svc-media',
    ]);
    for (const member of MEMBERS) expect(compose.services[member]!.image).toBe('mongo:7');
    expect(compose.services.rabbitmq!.image).toContain('management');
  });

  it('when MongoDB starts, then its three members form the replica set rs0, each on its own volume, and the services wait until it has a primary', () => {
    for (const member of MEMBERS) expect(compose.services[member]!.command).toEqual(['mongod', '--replSet', 'rs0', '--bind_ip_all']);
    expect(new Set(MEMBERS.map((member) => compose.services[member]!.volumes?.[0]?.split(':')[0])).size).toBe(3);
    const init = compose.services['mongodb-init']!;
    const script = init.command!.at(-1)!;
    expect(script).toContain("_id: 'rs0'");
    for (const member of MEMBERS) {
      expect(script).toContain(`host: '${member}:27017'`);
      expect(init.depends_on?.[member]?.condition).toBe('service_healthy');
    }
    for (const name of ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker']) {
      expect(compose.services[name]!.depends_on?.['mongodb-init']?.condition).toBe('service_completed_successfully');
    }
  });

  it.each(Object.keys(loaders) as Array<keyof typeof loaders>)('when %s starts with the environment compose gives it, then its settings are valid and its entry exists', (name) => {
    const service = compose.services[name]!;
    const env = interpolate(service.environment ?? {});
    expect(() => loaders[name](env)).not.toThrow();
    const entry = service.command?.at(-1) ?? '';
    expect(existsSync(path.join(ROOT, entry)), entry).toBe(true);
    expect(Object.fromEntries(WIRING_SETTINGS.flatMap((setting) => (env[setting] === undefined ? [] : [[setting, env[setting]]])))).toEqual(WIRING[name]);
  });

  it('when the services start under compose, then each knows the peers it asks: svc-catalog asks svc-media about logos, svc-media and svc-checker load their copies of the services from svc-catalog', () => {
    const envOf = (name: string) => interpolate(compose.services[name]!.environment ?? {});
    expect(envOf('svc-catalog').MEDIA_URL).toBe('http://svc-media:3000');
    expect(envOf('svc-media').CATALOG_URL).toBe('http://svc-catalog:3000');
    expect(envOf('svc-checker').CATALOG_URL).toBe('http://svc-catalog:3000');
  });
});
