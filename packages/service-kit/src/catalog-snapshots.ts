import { ServiceSnapshotListSchema, type ServiceSnapshot } from '@mealprep/contracts';
import { signInternal } from './identity';
import { peerFetch } from './peer-fetch';

/** svc-catalog answers at most this many services by id a call. */
const IDS_PER_CALL = 5_000;

/**
 * What svc-catalog says of services, for the projections other services keep of it (svc-checker,
 * svc-media): every service (at their start), or the ones named (an import's). `catalogUrl` may
 * name several instances (comma separated; see peerFetch). Throws when svc-catalog cannot be
 * asked; the caller tries again later.
 */
export async function readServiceSnapshots(options: { catalogUrl: string; identitySecret: string; ids?: readonly string[]; timeoutMs?: number }): Promise<ServiceSnapshot[]> {
  const ask = async (init: RequestInit) => {
    const answer = await peerFetch(options.catalogUrl, '/internal/services/snapshots', { ...init, timeoutMs: options.timeoutMs ?? 30_000 });
    if (!answer.ok) throw new Error(`svc-catalog answered ${answer.status}`);
    return ServiceSnapshotListSchema.parse(await answer.json()).items;
  };
  const headers = signInternal(options.identitySecret);
  if (!options.ids) return ask({ headers });
  const found: ServiceSnapshot[] = [];
  for (let start = 0; start < options.ids.length; start += IDS_PER_CALL) {
    const ids = options.ids.slice(start, start + IDS_PER_CALL);
    found.push(...(await ask({ method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ ids }) })));
  }
  return found;
}
