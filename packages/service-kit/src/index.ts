export * from './errors';
export * from './config';
export * from './create-service';
export * from './run-service';
export * from './internal-client';
export * from './db/pool';
export * from './db/migrate';
export * from './db/role-transaction';
export * from './auth/verify-access-token';
export {
  SESSION_EXPIRED,
  NOT_LOGGED_IN,
  type AuthContext,
  type AuthenticationPluginOptions,
} from './plugins/authentication';
export * from './auth/require-service-token';
export * from './auth/identity-provider';
export * from './auth/session-status-cache';
export * from './cache/bounded-lru';
export * from './cache/notification-channel';
export * from './cache/push-invalidated-cache';
export * from './billing/subscription-gate';
export * from './auth/verified-token-cache';
export * from './http/bearer-token';
export * from './http/idempotency';
export { isCleanName, isStorableText } from './validation/text-rules';
export {
  BODY_TOO_DEEP,
  decodeJsonBody,
  decodeTextBody,
  INVALID_BODY_TEXT,
  MAX_BODY_DEPTH,
  useCheckedJsonParser,
} from './validation/json-body';
export { NAME_TEXT_KEYWORD } from './validation/validator-compiler';
export * from './log-redaction';
export * from './define-service';
export * from './service/config-pieces';
export {
  outboxAdminRoutes,
  OutboxQuerySchema,
  type OutboxHandle,
  type OutboxImplementation,
  type OutboxQuery,
  type RunningOutbox,
} from './service/outbox';
export type { WorkerDeclaration, WorkerState, WorkerStatus } from './service/workers';
export { apiDocumentPath, type ApiDocumentDeclaration } from './openapi/api-document';
export { documentedRoutes, undescribedRoutes } from './openapi/undescribed-routes';
export * from './notifications/notification-relay';
export * from './security/secret-box';
export * from './cache/member-roles';
export { type CacheCounts, type GaugeDeclaration, type MetricsHook, type OutboxBacklog } from './observability/metrics';
export type { MetricsHandle } from './observability/service-metrics';
export { traceLogFields } from './observability/trace-context';
