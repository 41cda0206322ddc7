import { randomUUID } from 'node:crypto';
import type { Attribute, PlanSnapshot, SnapshotEvent } from '@tracemap/contracts';
import { createProfileBuilder, type ObservedEvent } from '@tracemap/discovery';
import { addToProfile } from '../../../src/ingest/profile-repository';
import { inCompany } from '../../../src/ingest/tenant-transaction';
import type pg from 'pg';

const AT = '2026-01-01T00:00:00.000Z';
const stamps = { version: 1, createdAt: AT, updatedAt: AT };

export function planAttribute(name: string, type: Attribute['type'] = 'string'): Attribute {
  return {
    id: randomUUID(),
    name,
    displayName: '',
    description: '',
    scope: 'event',
    type,
    itemType: null,
    validation: { kind: 'none' },
    origin: '',
    exposed: true,
    nullable: false,
    pii: false,
    tags: [],
    status: 'live',
    owners: [],
    ...stamps,
  };
}

export function planEvent(
  name: string,
  options: { kind?: SnapshotEvent['kind']; status?: SnapshotEvent['status']; attributes?: Attribute[] } = {},
): SnapshotEvent {
  const links = (options.attributes ?? []).map((a) => ({ attributeId: a.id, presence: 'optional' as const }));
  return {
    id: randomUUID(),
    name,
    displayName: '',
    description: '',
    kind: options.kind ?? 'track',
    category: '',
    tags: [],
    owners: [],
    status: options.status ?? 'implemented',
    trigger: '',
    attributes: links,
    effective: links.map((l) => ({
      attributeId: l.attributeId,
      presence: l.presence,
      validation: { kind: 'none' },
      layer: 'event',
      sources: [{ layer: 'event', presence: l.presence }],
    })),
    ...stamps,
  };
}

export function planView(name: string, urlPattern: string, events: SnapshotEvent[]): PlanSnapshot['views'][number] {
  return {
    id: randomUUID(),
    name,
    displayName: '',
    description: '',
    type: 'page',
    urlPattern,
    screenshotUrl: null,
    tags: [],
    status: 'live',
    attributes: [],
    events: events.map((e) => ({ eventId: e.id })),
    ...stamps,
  };
}

export function planMap(
  views: PlanSnapshot['views'],
  edges: [PlanSnapshot['views'][number], PlanSnapshot['views'][number]][],
): PlanSnapshot['maps'][number] {
  return {
    id: randomUUID(),
    name: 'Checkout journey',
    description: '',
    attributes: [],
    nodes: views.map((v, i) => ({ viewId: v.id, x: i * 200, y: 0 })),
    layout: 'LR',
    status: 'live',
    edges: edges.map(([from, to]) => ({ id: randomUUID(), from: from.id, to: to.id })),
    ...stamps,
  };
}

export function snapshot(companyId: string, parts: Partial<PlanSnapshot>): PlanSnapshot {
  return {
    companyId,
    version: randomUUID(),
    generatedAt: AT,
    attributeInheritance: true,
    attributes: [],
    events: [],
    views: [],
    maps: [],
    ...parts,
  };
}

/** An observed track event of the web app at a time (ms). */
export function observed(
  name: string,
  properties: Record<string, unknown>,
  extra: Partial<ObservedEvent> = {},
): ObservedEvent {
  return {
    sourceId: 'web',
    kind: 'track',
    name,
    properties,
    context: { platform: 'web', appVersion: '1.0.0', library: 'test', environment: null },
    eventTime: Date.parse('2026-01-10T10:00:00Z'),
    ...extra,
  };
}

/** Page views of one session, in order. */
export function session(sessionKey: string, paths: string[], start = Date.parse('2026-01-10T10:00:00Z')) {
  return paths.map((path, i) =>
    observed(
      'page',
      {},
      {
        kind: 'page',
        eventTime: start + i * 1000,
        context: {
          platform: 'web',
          appVersion: '1.0.0',
          library: 'test',
          environment: null,
          url: `https://shop.test${path}`,
          sessionKey,
        },
      },
    ),
  );
}

/** Writes observed events into the company's profile, as a run would. */
export async function profileEvents(db: pg.Pool, companyId: string, events: ObservedEvent[]): Promise<void> {
  const builder = createProfileBuilder();
  for (const event of events) builder.add(event);
  await inCompany(db, companyId, (client) => addToProfile(client, companyId, builder.drain()));
}
