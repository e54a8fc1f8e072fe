import { closeServer, createLogger, listen, runService } from '@mealprep/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

await runService('gateway', async () => {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const gateway = createGateway(config, logger);
  await gateway.start();
  const { server, url } = await listen(gateway.app, config.PORT, config.HOST);
  return {
    url,
    logger,
    stop: async () => {
      await closeServer(server);
      await gateway.close();
    },
  };
});
