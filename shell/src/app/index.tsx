import { Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import { Layout } from '../layout';
import { RemoteRoute } from '../remotes/remote-route';
import { RootRoutes } from '../routes/root-routes';

/** Top-level routes: the shell maps each prefix to the remote that owns it. */
export function App() {
  return (
    <>
      <UiStyles />
      <Routes>
        <Route path="/map-preview/*" element={<RemoteRoute remote="mfe_company" module="./map-preview" label="Map preview" />} />
        <Route element={<Layout />}>
          <Route path="/company/*" element={<RemoteRoute remote="mfe_company" label="Company" />} />
          <Route path="/admin/*" element={<RemoteRoute remote="mfe_admin" label="Admin" />} />
          <Route path="*" element={<RootRoutes />} />
        </Route>
      </Routes>
    </>
  );
}
