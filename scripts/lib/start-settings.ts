import { z } from 'zod';

/** The parts `npm start` runs, each as one or more instances (the first named as its part, the next `-2`, `-3`…). */
export const PARTS = ['svc-catalog', 'svc-auth', 'svc-media', 'svc-checker', 'gateway', 'renderer'] as const;
const INSTANCES_MESSAGE = 'must be a whole number of instances from 1 to 8';
const instances = z.coerce.number({ error: INSTANCES_MESSAGE }).int(INSTANCES_MESSAGE).min(1, INSTANCES_MESSAGE).max(8, INSTANCES_MESSAGE);
/** One part's own count, over INSTANCES: INSTANCES_SVC_CATALOG, INSTANCES_GATEWAY… */
export const instancesSettingOf = (part: string) => `INSTANCES_${part.toUpperCase().replace(/-/g, '_')}`;
/** The names of a part's instances, as npm start names them (and its log files and run state). */
export const instanceNamesOf = (part: string, count: number) => Array.from({ length: count }, (_, i) => (i === 0 ? part : `${part}-${i + 1}`));

/** The settings `npm start` reads for itself (the parts' own are in each part's src/config.ts). */
export const startSettingsShape = {
  /** How long it waits before starting a part that stopped unexpectedly (doubled after each stop in a row, at most 30 s). */
  RESTART_DELAY_MS: z.coerce.number().int().min(100).max(120_000).default(1_000),
  /** How many instances of every part it runs (several gateways get a load balancer in front). */
  INSTANCES: instances.default(1),
  ...(Object.fromEntries(PARTS.map((part) => [instancesSettingOf(part), instances.optional()])) as Record<string, z.ZodOptional<typeof instances>>),
  /**
   * Instances it leaves to the developer, comma separated (`svc-catalog`, `gateway-2`…): given their
   * ports and settings (written to DATA_DIR/run/<name>.env) and waited for, never started or restarted.
   */
  MANUAL_PARTS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
};

/** Each part's count of instances, from INSTANCES and its own INSTANCES_<PART>. */
export function instanceCounts(config: Record<string, unknown>): Record<(typeof PARTS)[number], number> {
  return Object.fromEntries(PARTS.map((part) => [part, (config[instancesSettingOf(part)] as number | undefined) ?? (config.INSTANCES as number)])) as Record<(typeof PARTS)[number], number>;
}

/** Why MANUAL_PARTS names something npm start does not run, or null. */
export function manualPartsProblem(manual: readonly string[], counts: Record<string, number>): string | null {
  const known = PARTS.flatMap((part) => instanceNamesOf(part, counts[part] ?? 1));
  const unknown = manual.filter((name) => !known.includes(name));
  if (unknown.length === 0) return null;
  return `Invalid setting MANUAL_PARTS: npm start runs no instance named ${unknown.map((name) => `"${name.slice(0, 40)}"`).join(', ')} (it runs ${known.join(', ')})`;
}
