import { AdminPage } from '../../shared/admin-page';
import { BannerCheck } from './banner-check';
import { RemotesRegistry } from './remotes-registry';
import { SandboxClock } from './sandbox-clock';
import { ServiceHealthTable } from './service-health';
import { TestActions } from './test-actions';

/** /admin/debug-test: services, the remotes registry, test email and error, shared state. */
export function AdminDebugTestPage() {
  return (
    <AdminPage title="Debug test">
      <ServiceHealthTable />
      <RemotesRegistry />
      <TestActions />
      <BannerCheck />
      <SandboxClock />
    </AdminPage>
  );
}
