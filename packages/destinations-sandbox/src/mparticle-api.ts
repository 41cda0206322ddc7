import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError, type FaultQueue } from './faults';

export interface SandboxDataPlanVersion {
  version: number;
  version_description?: string;
  version_document: { data_points: Record<string, unknown>[] };
  /** Where the version is active; a new one is active nowhere unless it says so. */
  activated_environment: string;
  created_on: string;
}

export interface MparticleSandboxState {
  clientId: string;
  clientSecret: string;
  /** Plans by `{workspaceId}/{planId}`. */
  plans: Record<string, { data_plan_id: string; data_plan_name: string; data_plan_versions: SandboxDataPlanVersion[] }>;
}

const TOKEN_SECONDS = 8 * 3600;

// The match types and custom event types mParticle's Data Planning API lists.
const MATCH_TYPES = [
  'unknown',
  'screen_view',
  'custom_event',
  'user_attributes',
  'user_identities',
  'product_action',
  'promotion_action',
  'product_impression',
];
const CUSTOM_EVENT_TYPES = [
  'unknown',
  'navigation',
  'location',
  'search',
  'transaction',
  'user_content',
  'user_preference',
  'social',
  'other',
  'media',
];
const ENVIRONMENTS = ['none', 'development', 'production'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A data point mParticle would accept: a known match type with its criteria, and a JSON Schema validator. */
function pointProblem(point: Record<string, unknown>): string | null {
  const match = point.match as { type?: unknown; criteria?: unknown } | undefined;
  if (!match || !MATCH_TYPES.includes(String(match.type))) return 'data point match.type is not a known type';
  if (!isObject(match.criteria)) return 'data point match.criteria is required';
  if (match.type === 'custom_event' && !CUSTOM_EVENT_TYPES.includes(String(match.criteria.custom_event_type)))
    return 'match.criteria.custom_event_type is not a known custom event type';
  const validator = point.validator as { type?: unknown; definition?: unknown } | undefined;
  if (!validator || validator.type !== 'json_schema' || !isObject(validator.definition))
    return 'validator must be { type: json_schema, definition }';
  return null;
}

/**
 * mParticle's Data Planning API behind its client-credentials token endpoint: bearer tokens
 * that expire, a plan read with all its versions, and new versions that must take an unused number,
 * hold data points shaped as the API describes them, and say where they are active.
 */
export function mparticleApi(
  app: FastifyInstance,
  deps: { state: () => MparticleSandboxState; faults: FaultQueue; now: () => number },
) {
  const tokens = new Map<string, number>();
  app.post<{ Body: Record<string, unknown> }>('/oauth/token', async (request, reply) => {
    const body = request.body ?? {};
    const { clientId, clientSecret } = deps.state();
    if (body.grant_type !== 'client_credentials')
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'grant_type must be client_credentials' });
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return reply.code(401).send({ error: 'access_denied', error_description: 'Unauthorized' });
    const token = `mp-sandbox-${randomBytes(16).toString('hex')}`;
    tokens.set(token, deps.now() + TOKEN_SECONDS * 1000);
    return { access_token: token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/platform/v2/')) return;
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const until = tokens.get(token);
    if (!until || until < deps.now())
      return sendError(reply, 'mparticle', 401, 'Unauthorized: the token is missing or expired');
    const fault = deps.faults.take('mparticle');
    if (fault) return sendError(reply, 'mparticle', fault.status, 'Injected failure', fault.retryAfterSeconds);
  });
  type Params = { Params: { workspace: string; plan: string } };
  const planOf = (p: Params['Params']) => deps.state().plans[`${p.workspace}/${p.plan}`];

  app.get<Params>('/platform/v2/workspaces/:workspace/plans/:plan', async (request, reply) => {
    const plan = planOf(request.params);
    if (!plan) return sendError(reply, 'mparticle', 404, 'Data plan not found');
    return plan;
  });
  app.post<Params & { Body: Record<string, unknown> }>(
    '/platform/v2/workspaces/:workspace/plans/:plan/versions',
    async (request, reply) => {
      const plan = planOf(request.params);
      if (!plan) return sendError(reply, 'mparticle', 404, 'Data plan not found');
      const body = request.body ?? {};
      const version = Number(body.version);
      if (!Number.isInteger(version) || version < 1)
        return sendError(reply, 'mparticle', 400, 'version must be a positive integer');
      if (plan.data_plan_versions.some((v) => v.version === version))
        return sendError(reply, 'mparticle', 400, `Version ${version} already exists`);
      const points = (body.version_document as { data_points?: unknown })?.data_points;
      if (!Array.isArray(points)) return sendError(reply, 'mparticle', 400, 'version_document.data_points is required');
      for (const point of points) {
        const problem = pointProblem(point as Record<string, unknown>);
        if (problem) return sendError(reply, 'mparticle', 400, problem);
      }
      const environment = body.activated_environment ?? 'none';
      if (!ENVIRONMENTS.includes(String(environment)))
        return sendError(reply, 'mparticle', 400, 'activated_environment must be none, development or production');
      const created: SandboxDataPlanVersion = {
        version,
        version_description: typeof body.version_description === 'string' ? body.version_description : undefined,
        version_document: { data_points: points as Record<string, unknown>[] },
        activated_environment: String(environment),
        created_on: new Date(deps.now()).toISOString(),
      };
      plan.data_plan_versions.push(created);
      return created;
    },
  );
}
