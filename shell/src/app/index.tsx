import { Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import { RequireAdmin } from '../guards/require-admin';
import { RequireAuth } from '../guards/require-auth';
import { Layout } from '../layout';
import { AnalyticsBridge } from '../analytics';
import { RemoteRoute } from '../remotes/remote-route';
import { RootRoutes } from '../routes/root-routes';
import { SessionBridge } from '../session-bridge';
import { SupportLauncher } from '../support';

/** Top-level routes: the shell maps each prefix to the remote that owns it. */
export function App() {
  return (
    <>
      <UiStyles />
      <SessionBridge />
      <Routes>
        <Route
          path="/map-preview/*"
          element={
            <>
              <RemoteRoute remote="mfe_company" module="./map-preview" label="Map preview" />
              <SupportLauncher />
            </>
          }
        />
        <Route element={<Layout />}>
          <Route
            path="/company/*"
            element={
              <RequireAuth>
                <RemoteRoute remote="mfe_company" label="Company" />
              </RequireAuth>
            }
          />
          <Route
            path="/admin/*"
            element={
              <RequireAdmin>
                <RemoteRoute remote="mfe_admin" label="Admin" />
              </RequireAdmin>
            }
          />
          <Route path="*" element={<RootRoutes />} />
        </Route>
      </Routes>
      <AnalyticsBridge />
    </>
  );
}
