import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from '../app';
import { provideRemoteComponent } from '../remotes/registry';

/** A remote's exposed module, given as code rather than loaded: `{ remote: 'mfe_marketing', module: './routes', component }`. */
export interface ProvidedRemote {
  remote: string;
  module: string;
  component: ComponentType;
}

/**
 * The whole app at `location` as HTML, with the remotes' components provided directly. The
 * browser hydrates this markup, so it is the same tree the shell's first render produces: what
 * depends on the visitor (session, banners, consent) renders as for a first-time visitor here and
 * updates once the page is live.
 */
export function renderAppToString(location: string, remotes: ProvidedRemote[]): string {
  for (const { remote, module, component } of remotes) provideRemoteComponent(remote, module, component);
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
