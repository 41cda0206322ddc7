import type { AccountDeps } from '../deps';
import type { AuthAdminApi } from './clients/auth-admin-api';
import type { CompanyAdminApi } from './clients/company-admin-api';
import type { SubscriptionAdminApi } from './clients/subscription-admin-api';
import type { ProductAdmin } from './require-product-admin';

/** What an admin use case gets: the service's deps, the peers' admin clients, who acts and the request id for the trail. */
export interface AdminContext {
  deps: AccountDeps;
  auth: AuthAdminApi;
  company: CompanyAdminApi;
  subscription: SubscriptionAdminApi;
  actor: ProductAdmin;
  requestId: string;
}

export interface AdminClients {
  auth: AuthAdminApi;
  company: CompanyAdminApi;
  subscription: SubscriptionAdminApi;
}
