/**
 * The website checks' fake sites (svc-checker/test/fake-sites.ts) in a process of their own on
 * `PORT`, started like a service (`startPart`, ready once `/ok` answers), so a load benchmark's own
 * event loop measures only the visitors' requests. Stops on SIGTERM.
 */
import { startFakeSites } from '../../svc-checker/test/fake-sites';

const sites = await startFakeSites(Number(process.env.PORT));
process.once('SIGTERM', () => {
  void sites.close().then(() => process.exit(0));
});
