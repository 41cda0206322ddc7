import { Route, Routes } from 'react-router';
import { UiStyles } from '@tracemap/ui';
import { Layout } from '../layout';
import { AnalyticsBridge } from '../analytics';
import { OwnedRemote } from '../routes/owned-remote';
import { useShellRoutes } from '../routes/registry-routes';
import { RootRoutes } from '../routes/root-routes';
import { SessionBridge } from '../session-bridge';
import { SupportLauncher } from '../support';

/**
 * Top-level routes, from the micro-frontends manifest (and remotes the registry adds): a module
 * with a base is mounted there (bare ones outside the header and footer), the others answer for
 * their own pages at the root.
 */
export function App() {
  const { routes, settled } = useShellRoutes();
  const mounted = routes.filter((route) => route.base);
  return (
    <>
      <UiStyles />
      <SessionBridge />
      <Routes>
        {mounted
          .filter((route) => route.bare)
          .map((route) => (
            <Route
              key={route.base}
              path={`${route.base}/*`}
              element={
                <>
                  <OwnedRemote owner={route} />
                  <SupportLauncher />
                </>
              }
            />
          ))}
        <Route element={<Layout />}>
          {mounted
            .filter((route) => !route.bare)
            .map((route) => (
              <Route key={route.base} path={`${route.base}/*`} element={<OwnedRemote owner={route} />} />
            ))}
          <Route path="*" element={<RootRoutes routes={routes} settled={settled} />} />
        </Route>
      </Routes>
      <AnalyticsBridge />
    </>
  );
}
