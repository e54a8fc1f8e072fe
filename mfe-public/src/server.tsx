import PublicRoutes from './routes';

export { PublicRoutes };
