// The gate lives in the service kit, shared with the insights service; the company service
// passes its pending trials (a company created seconds ago may edit before billing starts its trial).
export { SubscriptionGate, type SubscriptionGateOptions } from '@tracemap/service-kit';
