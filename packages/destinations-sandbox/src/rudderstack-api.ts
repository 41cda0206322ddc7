import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError, type FaultQueue } from './faults';

export interface SandboxCatalogEvent {
  id: string;
  name: string;
  description: string;
  eventType: string;
}
export interface SandboxCatalogProperty {
  id: string;
  name: string;
  description: string;
  type: string;
  propConfig: Record<string, unknown>;
}
export interface SandboxPlanEvent {
  id: string;
  additionalProperties: boolean;
  identitySection: string;
  properties: { id: string; required: boolean }[];
}

export interface RudderstackSandboxState {
  token: string;
  events: SandboxCatalogEvent[];
  properties: SandboxCatalogProperty[];
  /** Each tracking plan's events (by catalog event id). */
  trackingPlans: Record<string, SandboxPlanEvent[]>;
}

const PAGE_SIZE = 50;
const NAME = /^[A-Za-z][\s\S]{2,64}$/;
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/**
 * RudderStack's Data Catalog API: pages of 50, names of 3–65 characters starting with a letter,
 * unique names, tracking-plan events that must name catalog events and properties by id, and
 * catalog items that cannot be deleted while a tracking plan uses them.
 */
export function rudderstackApi(
  app: FastifyInstance,
  deps: { state: () => RudderstackSandboxState; faults: FaultQueue },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v2/catalog')) return;
    if (request.headers.authorization !== `Bearer ${deps.state().token}`)
      return sendError(reply, 'rudderstack', 401, 'Unauthorized');
    const fault = deps.faults.take('rudderstack');
    if (fault) return sendError(reply, 'rudderstack', fault.status, 'Injected failure', fault.retryAfterSeconds);
  });
  const s = deps.state;
  const page = <T>(list: T[], raw: string | undefined) => {
    const current = Math.max(1, Number(raw ?? 1));
    return {
      data: list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
      total: list.length,
      currentPage: current,
      pageSize: PAGE_SIZE,
    };
  };
  type Q = { Querystring: { page?: string } };
  type Body = { Body: Record<string, unknown> };
  type Id = { Params: { id: string } };
  const nameProblem = (reply: FastifyReply, name: unknown, taken: boolean) => {
    if (typeof name !== 'string' || !NAME.test(name))
      return sendError(reply, 'rudderstack', 400, 'name must be 3 to 65 characters and start with a letter');
    if (taken) return sendError(reply, 'rudderstack', 400, `An item named "${name}" already exists`);
    return null;
  };
  const used = (test: (e: SandboxPlanEvent) => boolean) =>
    Object.values(s().trackingPlans).some((events) => events.some(test));

  /** A catalog collection: list by page, create with a unique valid name, change, delete while unused. */
  const catalog = <T extends { id: string; name: string }>(options: {
    path: string;
    label: 'Event' | 'Property';
    prefix: string;
    list: () => T[];
    /** Whether the new item's name is taken (events: per event type). */
    clashes: (item: T, body: Record<string, unknown>) => boolean;
    make: (id: string, body: Record<string, unknown>) => T;
    change: (item: T, body: Record<string, unknown>) => Partial<T>;
    inUse: (id: string) => boolean;
  }) => {
    const missing = `${options.label} not found`;
    app.get<Q>(options.path, async (request) => page(options.list(), request.query.page));
    app.post<Body>(options.path, async (request, reply) => {
      const b = request.body ?? {};
      const taken = options.list().some((item) => options.clashes(item, b));
      if (nameProblem(reply, b.name, taken)) return reply;
      const item = options.make(newId(options.prefix), b);
      options.list().push(item);
      return reply.code(201).send(item);
    });
    app.put<Id & Body>(`${options.path}/:id`, async (request, reply) => {
      const item = options.list().find((i) => i.id === request.params.id);
      if (!item) return sendError(reply, 'rudderstack', 404, missing);
      const b = request.body ?? {};
      const taken = options.list().some((other) => other !== item && other.name === b.name);
      if (b.name !== undefined && nameProblem(reply, b.name, taken)) return reply;
      Object.assign(item, options.change(item, b));
      return item;
    });
    app.delete<Id>(`${options.path}/:id`, async (request, reply) => {
      const at = options.list().findIndex((i) => i.id === request.params.id);
      if (at < 0) return sendError(reply, 'rudderstack', 404, missing);
      if (options.inUse(request.params.id))
        return sendError(reply, 'rudderstack', 400, `The ${options.label.toLowerCase()} is used by a tracking plan`);
      options.list().splice(at, 1);
      return reply.code(204).send();
    });
  };

  catalog<SandboxCatalogEvent>({
    path: '/v2/catalog/events',
    label: 'Event',
    prefix: 'ev',
    list: () => s().events,
    clashes: (e, b) => e.name === b.name && e.eventType === (b.eventType ?? 'track'),
    make: (id, b) => ({
      id,
      name: String(b.name),
      description: String(b.description ?? ''),
      eventType: String(b.eventType ?? 'track'),
    }),
    change: (e, b) => ({
      name: (b.name as string | undefined) ?? e.name,
      description: (b.description as string | undefined) ?? e.description,
      eventType: (b.eventType as string | undefined) ?? e.eventType,
    }),
    inUse: (id) => used((e) => e.id === id),
  });
  catalog<SandboxCatalogProperty>({
    path: '/v2/catalog/properties',
    label: 'Property',
    prefix: 'prop',
    list: () => s().properties,
    clashes: (p, b) => p.name === b.name,
    make: (id, b) => ({
      id,
      name: String(b.name),
      description: String(b.description ?? ''),
      type: String(b.type ?? ''),
      propConfig: (b.propConfig as Record<string, unknown>) ?? {},
    }),
    change: (p, b) => ({
      name: (b.name as string | undefined) ?? p.name,
      description: (b.description as string | undefined) ?? p.description,
      type: (b.type as string | undefined) ?? p.type,
      propConfig: (b.propConfig as Record<string, unknown> | undefined) ?? p.propConfig,
    }),
    inUse: (id) => used((e) => e.properties.some((p) => p.id === id)),
  });

  const planEvents = (id: string) => s().trackingPlans[id];
  const view = (e: SandboxPlanEvent) => {
    const event = s().events.find((c) => c.id === e.id);
    return {
      id: e.id,
      name: event?.name ?? '',
      eventType: event?.eventType ?? 'track',
      description: event?.description ?? '',
      additionalProperties: e.additionalProperties,
      identitySection: e.identitySection,
      properties: e.properties.map((p) => ({ ...p, name: s().properties.find((c) => c.id === p.id)?.name ?? '' })),
    };
  };
  app.get<Id & Q>('/v2/catalog/tracking-plans/:id/events', async (request, reply) => {
    const events = planEvents(request.params.id);
    if (!events) return sendError(reply, 'rudderstack', 404, 'Tracking plan not found');
    const answer = page(events, request.query.page);
    return {
      ...answer,
      data: answer.data.map((e) => {
        const { properties: _p, ...rest } = view(e);
        return rest;
      }),
    };
  });
  app.get<{ Params: { id: string; eventId: string }; Querystring: { format?: string } }>(
    '/v2/catalog/tracking-plans/:id/events/:eventId',
    async (request, reply) => {
      const event = planEvents(request.params.id)?.find((e) => e.id === request.params.eventId);
      if (!event) return sendError(reply, 'rudderstack', 404, 'Tracking plan event not found');
      const shown = view(event);
      if (request.query.format === 'properties') return shown;
      // Without format=properties the event comes as its JSON Schema, with no catalog ids.
      const { properties, additionalProperties, ...rest } = shown;
      const schema = {
        type: 'object',
        additionalProperties,
        properties: Object.fromEntries(properties.map((p) => [p.name, {}])),
        required: properties.filter((p) => p.required).map((p) => p.name),
      };
      return { ...rest, rules: { type: 'object', properties: { [shown.identitySection]: schema } } };
    },
  );
  // PATCH takes one event as a JSON Schema (name, eventType, rules); events named by id go through PUT.
  app.patch<Id & Body>('/v2/catalog/tracking-plans/:id/events', async (request, reply) => {
    if (!planEvents(request.params.id)) return sendError(reply, 'rudderstack', 404, 'Tracking plan not found');
    const body = request.body ?? {};
    if (typeof body.name !== 'string' || typeof body.rules !== 'object')
      return sendError(reply, 'rudderstack', 400, 'name, eventType and rules are required');
    return sendError(reply, 'rudderstack', 400, 'This stand-in takes tracking-plan events by id only (PUT)');
  });
  app.put<Id & Body>('/v2/catalog/tracking-plans/:id/events', async (request, reply) => {
    const events = planEvents(request.params.id);
    if (!events) return sendError(reply, 'rudderstack', 404, 'Tracking plan not found');
    const incoming = (request.body ?? {}).events;
    if (!Array.isArray(incoming)) return sendError(reply, 'rudderstack', 400, 'events must be a list');
    for (const raw of incoming as SandboxPlanEvent[]) {
      if (!s().events.some((e) => e.id === raw.id))
        return sendError(reply, 'rudderstack', 400, `Unknown catalog event ${raw.id}`);
      const unknown = (raw.properties ?? []).find((p) => !s().properties.some((c) => c.id === p.id));
      if (unknown) return sendError(reply, 'rudderstack', 400, `Unknown catalog property ${unknown.id}`);
    }
    for (const raw of incoming as SandboxPlanEvent[]) {
      const event: SandboxPlanEvent = {
        id: raw.id,
        additionalProperties: raw.additionalProperties === true,
        identitySection: raw.identitySection ?? 'properties',
        properties: (raw.properties ?? []).map((p) => ({ id: p.id, required: p.required === true })),
      };
      const at = events.findIndex((e) => e.id === raw.id);
      if (at >= 0) events[at] = event;
      else events.push(event);
    }
    return { data: incoming };
  });
  app.delete<{ Params: { id: string; eventId: string } }>(
    '/v2/catalog/tracking-plans/:id/events/:eventId',
    async (request, reply) => {
      const events = planEvents(request.params.id);
      const at = events?.findIndex((e) => e.id === request.params.eventId) ?? -1;
      if (!events || at < 0) return sendError(reply, 'rudderstack', 404, 'Tracking plan event not found');
      events.splice(at, 1);
      return reply.code(204).send();
    },
  );
}
