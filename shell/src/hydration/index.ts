import type { ComponentType, ErrorInfo } from 'react';
import { loadRemoteComponent } from '../remotes/registry';
import { findOwner } from '../routes/ownership';

/** An exposed routes component may say when the page for the address it opened at has its code. */
type RoutesComponent = ComponentType & { firstPageReady?: Promise<unknown> };

/** Whether the gateway put the page's static HTML in the root (public pages, see the marketing build). */
export function hasStaticHtml(container: HTMLElement): boolean {
  return container.firstElementChild !== null;
}

/**
 * Loads the code the first render of `pathname` needs: hydration must render the same markup as
 * the static HTML at once, so the remote that owns the page (and that page's own chunk) have to
 * be here before it starts. A failure is left to the render, which then shows the usual fallback.
 */
export async function loadPageCode(pathname: string): Promise<void> {
  const owner = findOwner(pathname);
  if (!owner) return;
  try {
    const routes = (await loadRemoteComponent(owner.remote, owner.module)) as RoutesComponent;
    await routes.firstPageReady;
  } catch (error) {
    console.warn(`[shell] ${owner.remote} could not be loaded before hydration`, error);
  }
}

/** React recovered from markup that did not match (it renders that part afresh): say so loudly. */
export function reportHydrationError(error: unknown, info: ErrorInfo): void {
  console.error('[shell] the static HTML did not hydrate cleanly', error, info.componentStack ?? '');
}
