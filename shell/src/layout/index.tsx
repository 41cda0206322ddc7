import { Outlet } from 'react-router';
import { Banners } from '../banners';
import { Footer } from '../footer';
import { Header } from '../header';
import { SupportLauncher } from '../support';
import { layoutCss } from './styles';

/** Standard layout: header (with banners), page, footer. */
export function Layout() {
  return (
    <div className="sh-shell">
      <style href="shell-layout" precedence="default">
        {layoutCss}
      </style>
      <Header />
      <Banners />
      <main className="sh-main" data-testid="shell-main">
        <Outlet />
      </main>
      <Footer />
      <SupportLauncher />
    </div>
  );
}
