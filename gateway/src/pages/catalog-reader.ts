import type { InstancePool } from '../proxy/instance-pool';
import type { z } from 'zod';

export type Read = <S extends z.ZodType>(path: string, schema: S) => Promise<z.infer<S> | null | 'unavailable'>;

/**
 * Reads public catalogue data for crawler pages and the sitemap: the parsed body, null when
 * the catalogue says 404, 'unavailable' when it is down, slow or answers something unexpected.
 */
export function catalogReader(pool: Pick<InstancePool, 'request'>, timeoutMs = 1_500): Read {
  return async (path, schema) => {
    try {
      const answer = await pool.request({ method: 'GET', path, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      if (answer.statusCode === 404 || answer.statusCode === 400) {
        await answer.body.dump();
        return null;
      }
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        return 'unavailable';
      }
      const parsed = schema.safeParse(await answer.body.json());
      return parsed.success ? parsed.data : 'unavailable';
    } catch {
      return 'unavailable';
    }
  };
}
