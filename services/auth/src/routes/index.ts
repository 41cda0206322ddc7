import authApi from './auth-api';
import internalAdminRoutes from './internal-admin-routes';
import internalRoutes from './internal-routes';

export const routes = [{ plugin: authApi, prefix: '/auth/v1' }, internalRoutes, internalAdminRoutes];
