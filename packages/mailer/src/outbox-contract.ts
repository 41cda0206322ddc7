// The outbox routes every mail-sending service serves (`/internal/outbox…`) are defined once, in the
// contracts: the service kit validates and serialises them with those schemas, and this client (for the
// product-admin area) checks their answers against the same ones.
export {
  outboxInternalClient,
  OutboxEmailAnswer,
  OutboxListAnswer,
  OutboxResendAnswer,
  OutboxStatsAnswer,
  type OutboxInternalClient,
} from '@tracemap/contracts';
