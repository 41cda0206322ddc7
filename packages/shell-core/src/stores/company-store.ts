// The company store for code that an app bundles itself, outside the shared entry (the billing
// banners, which mfe-company bundles): through the package entry it reaches the one store every
// app shares, not a copy of its own. Code inside the entry uses ./company-state.
export { useCompanyStore } from '@tracemap/shell-core';
