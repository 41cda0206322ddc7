import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { MFE_AUTH, relativeRoutes, type ManifestPage } from '@tracemap/contracts';
import { NotFound } from '../not-found';
import { AccountPage } from '../pages/account';

// Its own module so the manifest can say it needs a signed-in user; the shell loads it only here.
const PAGES: Record<ManifestPage<'mfe_auth', './account'>, ReactElement> = {
  '/account': <AccountPage />,
};
const ROUTES = relativeRoutes(MFE_AUTH, './account', PAGES);

/** Routes owned by mfe-auth under `/account`, relative to that base. */
export default function AccountRoutes() {
  return (
    <div data-app="mfe-auth">
      <Routes>
        {ROUTES.map(({ page, path, element }) => (
          <Route key={page} path={path} element={element} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
