import type { Request, RequestHandler } from 'express';
import { signClientAddress, signIdentity } from '@mealprep/service-kit';
import { checkNowTimeoutMs, type GatewayConfig } from '../config';
import { proxyTo, type Upstream } from './upstream-proxy';

const CHECK_NOW_PATH = /^\/admin\/checks\/services\/[^/]+\/check$/;
/** svc-catalog's imports and bulk changes (paths inside /api/catalog), and how long the gateway waits for them. */
const MANY_AT_ONCE_PATH = /^\/admin\/(?:import\/[a-z]+|services\/bulk\/[a-z]+)$/;
const MANY_AT_ONCE_TIMEOUT_MS = 120_000;

/**
 * What forwards /api/{service} to each service (mounted by the app, one path each): the caller's
 * identity and address signed on every request, and the longer waits of the calls that need them.
 */
export function serviceProxies(upstreams: readonly Upstream[], config: GatewayConfig): Array<{ path: string; forward: RequestHandler }> {
  // Who is calling, and from which address (the one every limit in every service counts by), signed.
  const extraHeaders = (req: Request) => ({
    ...(req.identity ? signIdentity(req.identity, config.IDENTITY_SECRET) : {}),
    ...signClientAddress(req.ip ?? '', config.IDENTITY_SECRET),
  });
  // "Check now" (svc-checker's POST /admin/checks/services/:serviceId/check) checks a website while
  // the admin waits, which may take the whole check budget: it is given that, and time to store the result.
  const checkNowWait = checkNowTimeoutMs(config);
  const checkNow = (req: Request) => (req.method === 'POST' && CHECK_NOW_PATH.test(req.path) ? checkNowWait : undefined);
  // An admin's import or bulk change of up to 1,000 listings is answered when it is done, which on a
  // busy machine may take longer than one request usually may: it gets its own, longer wait.
  const manyAtOnceWait = Math.max(config.UPSTREAM_TIMEOUT_MS, MANY_AT_ONCE_TIMEOUT_MS);
  const manyAtOnce = (req: Request) => (req.method === 'POST' && MANY_AT_ONCE_PATH.test(req.path) ? manyAtOnceWait : undefined);
  return upstreams.map((upstream) => {
    const options = upstream.name === 'catalog' ? { extraHeaders, timeoutFor: manyAtOnce } : upstream.name === 'checker' ? { extraHeaders, timeoutFor: checkNow } : { extraHeaders };
    return { path: `/api/${upstream.name}`, forward: proxyTo(upstream, options) };
  });
}
