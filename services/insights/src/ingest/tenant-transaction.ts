// Ingest and discovery name their tenant transactions after what they do: work in one company.
export { tenantTransaction as inCompany } from '../core/tenant';
