import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error js-yaml ships without types; only loadAll() is used
import { loadAll } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_CONFIG_LOADERS } from './part-configs';
// @ts-expect-error plain ESM helper without types
import { ensureHelm } from '../lib/ensure-helm.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CHART = path.join(ROOT, 'deploy', 'helm', 'mealprep');
const RELEASE = 'shop';
const NAMESPACE = 'meals';
const EXISTING_SECRET = 'shop-secrets';

const loaders = PART_CONFIG_LOADERS;
type Part = keyof typeof loaders;
const PARTS = Object.keys(loaders) as Part[];
const PORTS: Record<Part, number> = { gateway: 8080, renderer: 3000, 'svc-catalog': 3000, 'svc-auth': 3000, 'svc-media': 3000, 'svc-checker': 3000 };
const serviceUrl = (part: Part) => `http://${RELEASE}-${part}:${PORTS[part]}`;

type SecretKeyRef = { name: string; key: string; optional?: boolean };
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: SecretKeyRef } };
type Probe = { httpGet?: { path: string; port: string | number } };
type Container = {
  name: string;
  image: string;
  command?: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  env?: EnvVar[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
};
type PodSpec = {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; persistentVolumeClaim?: { claimName: string } }>;
};
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  spec: Spec;
};
/** The fields of the kinds' specs the tests read. */
type Spec = {
  // Deployment, Job
  template?: { spec: PodSpec };
  selector?: { matchLabels: Record<string, string> };
  replicas?: number;
  // Service
  type?: string;
  ports?: Array<{ port: number; targetPort: string | number }>;
  // PodDisruptionBudget
  maxUnavailable?: number | string;
  minAvailable?: number | string;
  // HorizontalPodAutoscaler
  scaleTargetRef?: { apiVersion: string; kind: string; name: string };
  minReplicas?: number;
  maxReplicas?: number;
  metrics?: unknown[];
  // PersistentVolumeClaim
  accessModes?: string[];
  // MongoDBCommunity
  members?: number;
  users?: Array<{ passwordSecretRef: SecretKeyRef; connectionStringSecretName: string }>;
  // Ingress
  rules?: unknown[];
};

/** Helm keeps its caches and settings in a folder of this run: nothing outside is read or written. */
const helmHome = mkdtempSync(path.join(tmpdir(), 'mealprep-helm-'));
const helmEnv = {
  ...process.env,
  HELM_CACHE_HOME: path.join(helmHome, 'cache'),
  HELM_CONFIG_HOME: path.join(helmHome, 'config'),
  HELM_DATA_HOME: path.join(helmHome, 'data'),
};
let helmBin = '';

function helm(args: string[]) {
  const result = spawnSync(helmBin, args, { cwd: ROOT, env: helmEnv, encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

const setArgs = (sets: string[]) => sets.flatMap((s) => ['--set', s]);
const rendered = new Map<string, Manifest[]>();

/** `helm template` of the chart with these --set values, parsed (each render once). */
function render(sets: string[] = []): Manifest[] {
  const key = sets.join('\n');
  const cached = rendered.get(key);
  if (cached) return cached;
  const { ok, output } = helm(['template', RELEASE, CHART, '--namespace', NAMESPACE, '--set', `existingSecret=${EXISTING_SECRET}`, ...setArgs(sets)]);
  expect(ok, output).toBe(true);
  const manifests = (loadAll(output) as unknown[]).filter((doc): doc is Manifest => typeof doc === 'object' && doc !== null);
  rendered.set(key, manifests);
  return manifests;
}

const OPERATORS = ['mongodb.operator.enabled=true', 'rabbitmq.operator.enabled=true'];
const EVERYTHING_ON = [
  ...OPERATORS,
  'ingress.enabled=true',
  'remotes.baseUrl=https://cdn.example.com/mealprep/1.0.0',
  'remotes.upload.enabled=true',
  'remotes.upload.destination=s3://mealprep-static/mealprep/1.0.0',
  'remotes.upload.credentialsFromSecret=true',
];

const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
function one(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  expect(found, `${kind} ${name}`).toBeDefined();
  return found!;
}
const containerOf = (manifests: Manifest[], part: Part): Container => {
  const pod = one(manifests, 'Deployment', `${RELEASE}-${part}`).spec.template!.spec;
  expect(pod.containers).toHaveLength(1);
  return pod.containers[0]!;
};

/** Sample values standing in for what Kubernetes reads from the Secrets. */
const SAMPLES: Record<string, string> = {
  IDENTITY_SECRET: 's'.repeat(40),
  MONGODB_URI: 'mongodb://mealprep:sample@mongodb-0.example:27017,mongodb-1.example:27017/admin?replicaSet=rs0',
  AMQP_URL: 'amqp://mealprep:sample@rabbitmq.example:5672',
  SMTP_URL: 'smtps://mailer:sample@smtp.example.com:465',
  RABBITMQ_USERNAME: 'default_user_sample',
  RABBITMQ_PASSWORD: 'c2FtcGxlLXBhc3N3b3Jk_-',
  AWS_ACCESS_KEY_ID: 'AKIASAMPLE',
  AWS_SECRET_ACCESS_KEY: 'sample',
};

/** A container's environment as the process sees it: Secret references as samples, $(VAR) expanded as Kubernetes does. */
function environmentOf(container: Container): Record<string, string> {
  // What is not a value is read from a Secret, and has a sample here.
  const fromElsewhere = (container.env ?? []).filter((variable) => variable.valueFrom);
  expect(
    fromElsewhere.filter((variable) => !variable.valueFrom?.secretKeyRef).map((variable) => variable.name),
    'read from something else than a Secret',
  ).toEqual([]);
  expect(
    fromElsewhere.filter((variable) => SAMPLES[variable.name] === undefined).map((variable) => variable.name),
    'read from a Secret with no sample here',
  ).toEqual([]);
  const env: Record<string, string> = {};
  for (const variable of container.env ?? []) {
    const value = variable.valueFrom ? SAMPLES[variable.name]! : String(variable.value ?? '');
    env[variable.name] = value.replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole);
  }
  return env;
}

const amqpUrl = expect.stringMatching(/^amqp:\/\//);
const mongodbUri = expect.stringMatching(/^mongodb:\/\//);
/**
 * What each part is given to reach the others (the setting, and the part whose chart Service it
 * names) and the stores it keeps (the data folder, the database, the broker).
 */
const WIRING: Record<Part, { peers: Partial<Record<string, Part>>; stores: Record<string, unknown> }> = {
  gateway: { peers: { CATALOG_URL: 'svc-catalog', AUTH_URL: 'svc-auth', MEDIA_URL: 'svc-media', CHECKER_URL: 'svc-checker', RENDERER_URL: 'renderer' }, stores: { AMQP_URL: amqpUrl } },
  renderer: { peers: { GATEWAY_URL: 'gateway', CATALOG_URL: 'svc-catalog', MEDIA_URL: 'svc-media' }, stores: {} },
  'svc-catalog': { peers: { MEDIA_URL: 'svc-media' }, stores: { DATA_DIR: '/data', MONGODB_URI: mongodbUri, AMQP_URL: amqpUrl } },
  'svc-auth': { peers: { CATALOG_URL: 'svc-catalog' }, stores: { DATA_DIR: '/data', MONGODB_URI: mongodbUri, AMQP_URL: amqpUrl } },
  'svc-media': { peers: { CATALOG_URL: 'svc-catalog' }, stores: { DATA_DIR: '/data', MONGODB_URI: mongodbUri, AMQP_URL: amqpUrl } },
  'svc-checker': { peers: { CATALOG_URL: 'svc-catalog' }, stores: { DATA_DIR: '/data', MONGODB_URI: mongodbUri, AMQP_URL: amqpUrl } },
};
const PEER_SETTINGS = ['CATALOG_URL', 'AUTH_URL', 'MEDIA_URL', 'CHECKER_URL', 'RENDERER_URL', 'GATEWAY_URL'];
const STORE_SETTINGS = ['DATA_DIR', 'MONGODB_URI', 'AMQP_URL'];
/** The settings of `names` the environment has. */
const given = (env: Record<string, string>, names: string[]): Record<string, string> => Object.fromEntries(names.flatMap((name) => (env[name] === undefined ? [] : [[name, env[name]]])));

/** Settings that are secrets wherever they appear: never a plain value. */
const SECRET_SETTINGS = ['IDENTITY_SECRET', 'MONGODB_URI', 'SMTP_URL', 'RABBITMQ_USERNAME', 'RABBITMQ_PASSWORD', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

function allContainers(manifests: Manifest[]): Container[] {
  return manifests.flatMap((m) => {
    const pod = m.kind === 'Deployment' || m.kind === 'Job' ? m.spec.template?.spec : undefined;
    return pod ? [...pod.containers, ...(pod.initContainers ?? [])] : [];
  });
}

beforeAll(async () => {
  helmBin = (await ensureHelm()) as string;
}, 600_000);

afterAll(() => {
  rmSync(helmHome, { recursive: true, force: true });
});

describe('the Helm chart (deploy/helm/mealprep)', () => {
  it('when it is linted strictly, with its defaults and with the operators, the ingress and the remotes upload on, then Helm finds nothing to fix', () => {
    for (const sets of [[], EVERYTHING_ON]) {
      const { ok, output } = helm(['lint', '--strict', CHART, ...setArgs(sets)]);
      expect(ok, output).toBe(true);
    }
  });

  it('when it is rendered, then every part is a Deployment of the one image running its entry, probed at /readyz and /healthz on its port, with resource requests and limits, behind a ClusterIP Service', () => {
    const manifests = render();
    expect(
      ofKind(manifests, 'Deployment')
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(PARTS.map((p) => `${RELEASE}-${p}`).sort());
    expect(ofKind(manifests, 'StatefulSet')).toEqual([]);
    const images = new Set<string>();
    for (const part of PARTS) {
      const container = containerOf(manifests, part);
      images.add(container.image);
      expect(container.command?.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
      const entry = container.command?.at(-1) ?? '';
      expect(entry).toBe(`${part}/src/server.ts`);
      expect(existsSync(path.join(ROOT, entry)), entry).toBe(true);
      expect(container.ports).toEqual([expect.objectContaining({ name: 'http', containerPort: PORTS[part] })]);
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(container.resources?.requests).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
      expect(container.resources?.limits).toEqual(expect.objectContaining({ memory: expect.any(String) }));
      const service = one(manifests, 'Service', `${RELEASE}-${part}`);
      expect(service.spec.type).toBe('ClusterIP');
      expect(service.spec.ports).toEqual([expect.objectContaining({ port: PORTS[part], targetPort: 'http' })]);
    }
    expect([...images]).toEqual(['ghcr.io/example/mealprep:1.0.0']);
    expect(containerOf(render(['image.repository=registry.example.com/mealprep', 'image.tag=abc123']), 'gateway').image).toBe('registry.example.com/mealprep:abc123');
  });

  it('when autoscaling is off for a part, then its Deployment runs the replicas the values give it', () => {
    const manifests = render(['parts.svc-auth.autoscaling.enabled=false', 'parts.svc-auth.replicas=3']);
    expect(one(manifests, 'Deployment', `${RELEASE}-svc-auth`).spec.replicas).toBe(3);
    expect(manifests.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === `${RELEASE}-svc-auth`)).toBeUndefined();
  });

  describe.each([
    ['external MongoDB and RabbitMQ', [] as string[]],
    ['the operators', OPERATORS],
  ])('with %s', (_label, sets) => {
    it.each(PARTS)('when %s starts with the environment the chart gives it (Secrets as samples), then its own settings loader accepts it and its peers are the chart Services', (part) => {
      const manifests = render(sets);
      const env = environmentOf(containerOf(manifests, part));
      expect(() => loaders[part](env)).not.toThrow();
      expect(env.PORT).toBe(String(PORTS[part]));
      expect(env.HOST).toBe('0.0.0.0');
      const services = new Set(ofKind(manifests, 'Service').map((s) => `http://${s.metadata.name}:${s.spec.ports?.[0]?.port}`));
      const peers = given(env, PEER_SETTINGS);
      expect(peers).toEqual(Object.fromEntries(Object.entries(WIRING[part].peers).map(([setting, peer]) => [setting, serviceUrl(peer!)])));
      expect(Object.values(peers).filter((url) => !services.has(url))).toEqual([]);
      expect(given(env, STORE_SETTINGS)).toEqual(WIRING[part].stores);
    });
  });

  it('when it is rendered, then no secret is written in plain text: secret settings come from existingSecret, and the renderer has no secret and no database', () => {
    for (const sets of [[], EVERYTHING_ON]) {
      const manifests = render(sets);
      expect(ofKind(manifests, 'Secret')).toEqual([]);
      const variables = allContainers(manifests).flatMap((container) => (container.env ?? []).map((variable) => ({ where: `${container.name} ${variable.name}`, ...variable })));
      const secrets = variables.filter((variable) => SECRET_SETTINGS.includes(variable.name));
      expect(secrets.length).toBeGreaterThan(0);
      expect(secrets.map(({ where, value, valueFrom }) => ({ where, value, fromSecret: valueFrom?.secretKeyRef !== undefined }))).toEqual(
        secrets.map(({ where }) => ({ where, value: undefined, fromSecret: true })),
      );
      // No credentials in a URL, unless Kubernetes fills them in from a Secret ($(VAR)).
      const values = variables.filter((variable) => variable.value !== undefined);
      expect(values.length).toBeGreaterThan(0);
      expect(values.filter((variable) => /:\/\/[^/\s:@$]+:[^@\s$]+@/.test(variable.value!)).map(({ where, value }) => `${where}=${value}`)).toEqual([]);
      const identity = containerOf(manifests, 'gateway').env?.find((v) => v.name === 'IDENTITY_SECRET');
      expect(identity?.valueFrom?.secretKeyRef).toEqual({ name: EXISTING_SECRET, key: 'IDENTITY_SECRET' });
      const renderer = containerOf(manifests, 'renderer');
      expect((renderer.env ?? []).filter((v) => v.valueFrom)).toEqual([]);
      const names = (renderer.env ?? []).map((v) => v.name);
      for (const setting of ['MONGODB_URI', 'IDENTITY_SECRET', 'AMQP_URL', 'SMTP_URL']) expect(names).not.toContain(setting);
    }
    const external = render();
    for (const part of ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker'] as const) {
      const env = containerOf(external, part).env ?? [];
      expect(env.find((v) => v.name === 'MONGODB_URI')?.valueFrom?.secretKeyRef).toEqual({ name: EXISTING_SECRET, key: 'MONGODB_URI' });
      expect(env.find((v) => v.name === 'AMQP_URL')?.valueFrom?.secretKeyRef).toEqual({ name: EXISTING_SECRET, key: 'AMQP_URL' });
    }
    // SMTP credentials reach svc-auth only, and are optional.
    const smtp = allContainers(external).filter((c) => c.env?.some((v) => v.name === 'SMTP_URL'));
    expect(smtp.map((c) => c.name)).toEqual(['svc-auth']);
    expect(smtp[0]!.env?.find((v) => v.name === 'SMTP_URL')?.valueFrom?.secretKeyRef).toEqual({ name: EXISTING_SECRET, key: 'SMTP_URL', optional: true });
  });

  it('when it is rendered, then every stateless part has a PodDisruptionBudget and a CPU HorizontalPodAutoscaler, and svc-media shares its media folder on a ReadWriteMany claim', () => {
    const manifests = render();
    for (const part of PARTS) {
      const selector = one(manifests, 'Deployment', `${RELEASE}-${part}`).spec.selector?.matchLabels;
      expect(selector).toEqual(expect.objectContaining({ 'app.kubernetes.io/component': part }));
      const pdb = one(manifests, 'PodDisruptionBudget', `${RELEASE}-${part}`);
      expect(pdb.apiVersion).toBe('policy/v1');
      expect(pdb.spec.maxUnavailable ?? pdb.spec.minAvailable).toBe(1);
      expect(pdb.spec.selector?.matchLabels).toEqual(selector);
      const hpa = one(manifests, 'HorizontalPodAutoscaler', `${RELEASE}-${part}`);
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: `${RELEASE}-${part}` });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas!);
      expect(hpa.spec.metrics).toEqual([{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } }]);
    }
    const claim = one(manifests, 'PersistentVolumeClaim', `${RELEASE}-media`);
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const media = one(manifests, 'Deployment', `${RELEASE}-svc-media`).spec.template!.spec;
    const volume = media.volumes?.find((v) => v.persistentVolumeClaim?.claimName === `${RELEASE}-media`);
    expect(volume).toBeDefined();
    // svc-media keeps its images in DATA_DIR/media (mediaDirOf).
    const mount = media.containers[0]!.volumeMounts?.find((m) => m.name === volume!.name);
    expect(mount?.mountPath).toBe(path.posix.join(environmentOf(media.containers[0]!).DATA_DIR!, 'media'));
  });

  it('when the operator switches are on, then a MongoDBCommunity replica set of 3 members and a RabbitmqCluster of 3 replicas render, and the services read their URIs from the operators Secrets', () => {
    const off = render();
    expect(ofKind(off, 'MongoDBCommunity')).toEqual([]);
    expect(ofKind(off, 'RabbitmqCluster')).toEqual([]);
    const manifests = render(OPERATORS);
    expect(ofKind(manifests, 'StatefulSet')).toEqual([]);
    const mongodb = one(manifests, 'MongoDBCommunity', `${RELEASE}-mongodb`);
    expect(mongodb.apiVersion).toBe('mongodbcommunity.mongodb.com/v1');
    expect(mongodb.spec).toEqual(expect.objectContaining({ members: 3, type: 'ReplicaSet' }));
    const user = mongodb.spec.users![0]!;
    expect(user.passwordSecretRef.name).toBe(EXISTING_SECRET);
    const rabbitmq = one(manifests, 'RabbitmqCluster', `${RELEASE}-rabbitmq`);
    expect(rabbitmq.apiVersion).toBe('rabbitmq.com/v1beta1');
    expect(rabbitmq.spec.replicas).toBe(3);
    const env = containerOf(manifests, 'svc-catalog').env ?? [];
    expect(env.find((v) => v.name === 'MONGODB_URI')?.valueFrom?.secretKeyRef).toEqual({ name: user.connectionStringSecretName, key: 'connectionString.standard' });
    expect(env.find((v) => v.name === 'RABBITMQ_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({ name: `${RELEASE}-rabbitmq-default-user`, key: 'password' });
    expect(env.find((v) => v.name === 'AMQP_URL')?.value).toBe(`amqp://$(RABBITMQ_USERNAME):$(RABBITMQ_PASSWORD)@${RELEASE}-rabbitmq.${NAMESPACE}.svc:5672`);
  });

  it('when remotes.baseUrl is set and the upload is on, then the gateway reads the dashboard and admin remotes from it, keeps the public one the renderer loads, and a pre-install hook Job copies the built remotes to the bucket', () => {
    const local = environmentOf(containerOf(render(), 'gateway'));
    expect([local.REMOTE_PUBLIC_URL, local.REMOTE_DASHBOARD_URL, local.REMOTE_ADMIN_URL]).toEqual(['/remotes/public/release.json', '/remotes/dashboard/release.json', '/remotes/admin/release.json']);
    expect(ofKind(render(), 'Job')).toEqual([]);
    const manifests = render(EVERYTHING_ON);
    const env = environmentOf(containerOf(manifests, 'gateway'));
    expect(env.REMOTE_DASHBOARD_URL).toBe('https://cdn.example.com/mealprep/1.0.0/remotes/dashboard/release.json');
    expect(env.REMOTE_ADMIN_URL).toBe('https://cdn.example.com/mealprep/1.0.0/remotes/admin/release.json');
    expect(env.REMOTE_PUBLIC_URL).toBe('/remotes/public/release.json');
    const all = environmentOf(containerOf(render([...EVERYTHING_ON, 'remotes.publicFromCdn=true']), 'gateway'));
    expect(all.REMOTE_PUBLIC_URL).toBe('https://cdn.example.com/mealprep/1.0.0/remotes/public/release.json');
    const [job, ...others] = ofKind(manifests, 'Job');
    expect(others).toEqual([]);
    expect(job!.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const pod = job!.spec.template!.spec;
    expect(pod.initContainers?.[0]?.image).toBe('ghcr.io/example/mealprep:1.0.0');
    const upload = pod.containers[0]!;
    expect(upload.command?.join(' ')).toContain('aws s3 sync');
    expect(environmentOf(upload).DESTINATION).toBe('s3://mealprep-static/mealprep/1.0.0');
  });

  it('when the ingress is enabled, then it routes to the gateway Service', () => {
    expect(ofKind(render(), 'Ingress')).toEqual([]);
    const [ingress, ...others] = ofKind(render(['ingress.enabled=true', 'ingress.host=meals.example.com']), 'Ingress');
    expect(others).toEqual([]);
    expect(ingress!.spec.rules).toEqual([
      {
        host: 'meals.example.com',
        http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: `${RELEASE}-gateway`, port: { name: 'http' } } } }] },
      },
    ]);
  });
});
