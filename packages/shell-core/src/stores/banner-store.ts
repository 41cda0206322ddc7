// The banner store for code that an app bundles itself, outside the shared entry (the billing
// banners, which mfe-company bundles): through the package entry it reaches the one store the
// shell's header shows, not a copy of its own. Code inside the entry uses ./banner-state.
export { useBannerStore } from '@tracemap/shell-core';
export type { Banner } from './banner-state';
