import type { FastifyInstance, FastifyReply } from 'fastify';
import { Budget, sendError, type FaultQueue } from './faults';

export interface SandboxAmplitudeEvent {
  event_type: string;
  category: { name: string } | null;
  description: string;
}
export interface SandboxAmplitudeProperty {
  event_type?: string;
  event_property?: string;
  user_property?: string;
  description: string;
  type: string;
  regex: string;
  enum_values: string;
  is_array_type: boolean;
  is_required?: boolean;
}

export interface AmplitudeSandboxState {
  apiKey: string;
  secretKey: string;
  events: SandboxAmplitudeEvent[];
  eventProperties: SandboxAmplitudeProperty[];
  /** Stored without Amplitude's `gp:` prefix, answered with it. */
  userProperties: SandboxAmplitudeProperty[];
  /**
   * Items that already received data (`event:Name`, `event-property:Event:prop`,
   * `user-property:prop`): Amplitude lets only planned items be edited or deleted.
   */
  ingested: string[];
}

const T = '/api/2/taxonomy';
const PROPERTY_FIELDS = ['description', 'type', 'regex', 'enum_values'] as const;

function propertyFrom(form: URLSearchParams, held?: SandboxAmplitudeProperty): SandboxAmplitudeProperty {
  const out: SandboxAmplitudeProperty = held
    ? { ...held }
    : { description: '', type: 'any', regex: '', enum_values: '', is_array_type: false };
  for (const field of PROPERTY_FIELDS) if (form.has(field)) out[field] = form.get(field) ?? '';
  if (form.has('is_array_type')) out.is_array_type = form.get('is_array_type') === 'true';
  if (form.has('is_required')) out.is_required = form.get('is_required') === 'true';
  return out;
}

/**
 * Amplitude's Taxonomy API: form-encoded bodies and basic auth with the project's keys, 409 on
 * a create of something that exists, edits refused on items that already have data, and Amplitude's
 * cost limits: at most 4 at a time and a budget an hour, a read costing 1 and a write 2 (429 with
 * `Retry-After` past either).
 */
export function amplitudeApi(
  app: FastifyInstance,
  deps: { state: () => AmplitudeSandboxState; faults: FaultQueue; now: () => number; costPerHour: number },
) {
  const hourly = new Budget(deps.costPerHour, 3_600_000, deps.now);
  // Amplitude counts cost, not calls: a read costs 1, a write 2.
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(T)) return;
    const { apiKey, secretKey } = deps.state();
    if (request.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}`)
      return sendError(reply, 'amplitude', 401, 'Invalid API key or secret key');
    const fault = deps.faults.take('amplitude');
    if (fault) return sendError(reply, 'amplitude', fault.status, 'Injected failure', fault.retryAfterSeconds);
    const cost = request.method === 'GET' ? 1 : 2;
    if (inFlight + cost > 4) return sendError(reply, 'amplitude', 429, 'Concurrent cost limit exceeded', 1);
    const wait = hourly.take(cost);
    if (wait !== null) return sendError(reply, 'amplitude', 429, 'Period cost limit exceeded', wait);
    inFlight += cost;
    reply.raw.once('close', () => (inFlight -= cost));
  });
  const s = deps.state;
  const form = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());
  const refuseIngested = (reply: FastifyReply, key: string) =>
    s().ingested.includes(key)
      ? sendError(reply, 'amplitude', 400, `${key} already has data; only planned items can be changed`)
      : null;

  app.get(`${T}/event`, async () => ({ success: true, data: s().events }));
  app.post(`${T}/event`, async (request, reply) => {
    const f = form(request.body);
    const eventType = f.get('event_type') ?? '';
    if (!eventType) return sendError(reply, 'amplitude', 400, 'event_type is required');
    if (s().events.some((e) => e.event_type === eventType))
      return sendError(reply, 'amplitude', 409, `Event type ${eventType} already exists`);
    const category = f.get('category');
    s().events.push({
      event_type: eventType,
      category: category ? { name: category } : null,
      description: f.get('description') ?? '',
    });
    return { success: true };
  });
  app.put<{ Params: { name: string } }>(`${T}/event/:name`, async (request, reply) => {
    const held = s().events.find((e) => e.event_type === request.params.name);
    if (!held) return sendError(reply, 'amplitude', 404, 'Event type not found');
    if (refuseIngested(reply, `event:${held.event_type}`)) return reply;
    const f = form(request.body);
    if (f.has('category')) held.category = f.get('category') ? { name: f.get('category')! } : null;
    if (f.has('description')) held.description = f.get('description') ?? '';
    return { success: true };
  });
  app.delete<{ Params: { name: string } }>(`${T}/event/:name`, async (request, reply) => {
    const at = s().events.findIndex((e) => e.event_type === request.params.name);
    if (at < 0) return sendError(reply, 'amplitude', 404, 'Event type not found');
    if (refuseIngested(reply, `event:${request.params.name}`)) return reply;
    s().events.splice(at, 1);
    return { success: true };
  });

  app.get<{ Querystring: { event_type?: string } }>(`${T}/event-property`, async (request) => ({
    success: true,
    data: s().eventProperties.filter((p) => !request.query.event_type || p.event_type === request.query.event_type),
  }));
  const findProperty = (eventType: string, name: string) =>
    s().eventProperties.findIndex((p) => p.event_type === eventType && p.event_property === name);
  app.post(`${T}/event-property`, async (request, reply) => {
    const f = form(request.body);
    const eventType = f.get('event_type') ?? '';
    const name = f.get('event_property') ?? '';
    if (!name) return sendError(reply, 'amplitude', 400, 'event_property is required');
    if (findProperty(eventType, name) >= 0)
      return sendError(reply, 'amplitude', 409, `Event property ${name} already exists`);
    s().eventProperties.push({ ...propertyFrom(f), event_type: eventType, event_property: name });
    return { success: true };
  });
  app.put<{ Params: { name: string } }>(`${T}/event-property/:name`, async (request, reply) => {
    const f = form(request.body);
    const eventType = f.get('event_type') ?? '';
    const at = findProperty(eventType, request.params.name);
    if (at < 0) return sendError(reply, 'amplitude', 404, 'Event property not found');
    if (refuseIngested(reply, `event-property:${eventType}:${request.params.name}`)) return reply;
    s().eventProperties[at] = propertyFrom(f, s().eventProperties[at]);
    return { success: true };
  });
  app.delete<{ Params: { name: string } }>(`${T}/event-property/:name`, async (request, reply) => {
    const eventType = form(request.body).get('event_type') ?? '';
    const at = findProperty(eventType, request.params.name);
    if (at < 0) return sendError(reply, 'amplitude', 404, 'Event property not found');
    if (refuseIngested(reply, `event-property:${eventType}:${request.params.name}`)) return reply;
    s().eventProperties.splice(at, 1);
    return { success: true };
  });

  app.get(`${T}/user-property`, async () => ({
    success: true,
    data: s().userProperties.map((p) => ({ ...p, user_property: `gp:${p.user_property}` })),
  }));
  const findUser = (name: string) => s().userProperties.findIndex((p) => p.user_property === name.replace(/^gp:/, ''));
  app.post(`${T}/user-property`, async (request, reply) => {
    const f = form(request.body);
    const name = f.get('user_property') ?? '';
    if (!name) return sendError(reply, 'amplitude', 400, 'user_property is required');
    if (findUser(name) >= 0) return sendError(reply, 'amplitude', 409, `User property ${name} already exists`);
    s().userProperties.push({ ...propertyFrom(f), user_property: name });
    return { success: true };
  });
  app.put<{ Params: { name: string } }>(`${T}/user-property/:name`, async (request, reply) => {
    const at = findUser(request.params.name);
    if (at < 0) return sendError(reply, 'amplitude', 404, 'User property not found');
    if (refuseIngested(reply, `user-property:${s().userProperties[at].user_property}`)) return reply;
    s().userProperties[at] = propertyFrom(form(request.body), s().userProperties[at]);
    return { success: true };
  });
  app.delete<{ Params: { name: string } }>(`${T}/user-property/:name`, async (request, reply) => {
    const at = findUser(request.params.name);
    if (at < 0) return sendError(reply, 'amplitude', 404, 'User property not found');
    if (refuseIngested(reply, `user-property:${s().userProperties[at].user_property}`)) return reply;
    s().userProperties.splice(at, 1);
    return { success: true };
  });
}
