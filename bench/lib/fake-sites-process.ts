/**
 * The website checks' fake sites (svc-checker/test/fake-sites.ts) in a process of their own, so a
 * load benchmark's own event loop measures only the visitors' requests. Prints one JSON line,
 * `{"url": …, "refusedPort": …}`, once it listens; stops on SIGTERM.
 */
import { closedPort, startFakeSites } from '../../svc-checker/test/fake-sites';

const sites = await startFakeSites();
process.stdout.write(`${JSON.stringify({ url: sites.url, refusedPort: await closedPort() })}\n`);
process.once('SIGTERM', () => {
  void sites.close().then(() => process.exit(0));
});
