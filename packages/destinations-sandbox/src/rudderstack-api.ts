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

  app.get<Q>('/v2/catalog/events', async (request) => page(s().events, request.query.page));
  app.post<Body>('/v2/catalog/events', async (request, reply) => {
    const b = request.body ?? {};
    if (
      nameProblem(
        reply,
        b.name,
        s().events.some((e) => e.name === b.name && e.eventType === (b.eventType ?? 'track')),
      )
    )
      return reply;
    const event = {
      id: newId('ev'),
      name: String(b.name),
      description: String(b.description ?? ''),
      eventType: String(b.eventType ?? 'track'),
    };
    s().events.push(event);
    return reply.code(201).send(event);
  });
  app.put<Id & Body>('/v2/catalog/events/:id', async (request, reply) => {
    const event = s().events.find((e) => e.id === request.params.id);
    if (!event) return sendError(reply, 'rudderstack', 404, 'Event not found');
    const b = request.body ?? {};
    if (
      b.name !== undefined &&
      nameProblem(
        reply,
        b.name,
        s().events.some((e) => e !== event && e.name === b.name),
      )
    )
      return reply;
    Object.assign(event, {
      name: b.name ?? event.name,
      description: b.description ?? event.description,
      eventType: b.eventType ?? event.eventType,
    });
    return event;
  });
  app.delete<Id>('/v2/catalog/events/:id', async (request, reply) => {
    const at = s().events.findIndex((e) => e.id === request.params.id);
    if (at < 0) return sendError(reply, 'rudderstack', 404, 'Event not found');
    if (used((e) => e.id === request.params.id))
      return sendError(reply, 'rudderstack', 400, 'The event is used by a tracking plan');
    s().events.splice(at, 1);
    return reply.code(204).send();
  });

  app.get<Q>('/v2/catalog/properties', async (request) => page(s().properties, request.query.page));
  app.post<Body>('/v2/catalog/properties', async (request, reply) => {
    const b = request.body ?? {};
    if (
      nameProblem(
        reply,
        b.name,
        s().properties.some((p) => p.name === b.name),
      )
    )
      return reply;
    const property = {
      id: newId('prop'),
      name: String(b.name),
      description: String(b.description ?? ''),
      type: String(b.type ?? ''),
      propConfig: (b.propConfig as Record<string, unknown>) ?? {},
    };
    s().properties.push(property);
    return reply.code(201).send(property);
  });
  app.put<Id & Body>('/v2/catalog/properties/:id', async (request, reply) => {
    const property = s().properties.find((p) => p.id === request.params.id);
    if (!property) return sendError(reply, 'rudderstack', 404, 'Property not found');
    const b = request.body ?? {};
    if (
      b.name !== undefined &&
      nameProblem(
        reply,
        b.name,
        s().properties.some((p) => p !== property && p.name === b.name),
      )
    )
      return reply;
    Object.assign(property, {
      name: b.name ?? property.name,
      description: b.description ?? property.description,
      type: b.type ?? property.type,
      propConfig: b.propConfig ?? property.propConfig,
    });
    return property;
  });
  app.delete<Id>('/v2/catalog/properties/:id', async (request, reply) => {
    const at = s().properties.findIndex((p) => p.id === request.params.id);
    if (at < 0) return sendError(reply, 'rudderstack', 404, 'Property not found');
    if (used((e) => e.properties.some((p) => p.id === request.params.id)))
      return sendError(reply, 'rudderstack', 400, 'The property is used by a tracking plan');
    s().properties.splice(at, 1);
    return reply.code(204).send();
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
  app.get<{ Params: { id: string; eventId: string } }>(
    '/v2/catalog/tracking-plans/:id/events/:eventId',
    async (request, reply) => {
      const event = planEvents(request.params.id)?.find((e) => e.id === request.params.eventId);
      if (!event) return sendError(reply, 'rudderstack', 404, 'Tracking plan event not found');
      return view(event);
    },
  );
  app.patch<Id & Body>('/v2/catalog/tracking-plans/:id/events', async (request, reply) => {
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
