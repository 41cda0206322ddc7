import type { MparticleSettings } from '@tracemap/contracts';
import { sameJson } from './canonical';
import { keyedDiff } from './keyed-diff';
import { isManaged, withManagedMark } from './managed';
import {
  jsonHeaders,
  type DestinationAdapter,
  type Desired,
  type Keyed,
  type Operation,
  type RemoteItem,
} from './model';
import { claimName, desiredDraft, ownUses, warn } from './plan';
import { schemaCache } from './segment-rules';

export interface MparticleDataPoint {
  description: string;
  match: { type: 'custom_event' | 'screen_view' | 'user_attributes'; criteria: Record<string, string> };
  validator: { type: 'json_schema'; definition: Record<string, unknown> };
}

/** The latest version of the plan and its data points. */
export interface MparticleRemote {
  latestVersion: number;
  items: Map<string, RemoteItem<MparticleDataPoint>>;
  /** The latest version's data points in order, as read (kept whole when a new version is written). */
  order: string[];
}

export function dataPointKey(point: Pick<MparticleDataPoint, 'match'>): string {
  const { type, criteria } = point.match;
  if (type === 'custom_event') return `custom_event:${criteria.event_name ?? ''}:${criteria.custom_event_type ?? ''}`;
  if (type === 'screen_view') return `screen_view:${criteria.screen_name ?? ''}`;
  return type;
}
const keyed = (item: MparticleDataPoint): Keyed<MparticleDataPoint> => ({
  key: dataPointKey(item),
  target: 'data-point',
  item,
});

function desired(
  snapshot: Parameters<MparticleAdapter['desired']>[0],
  settings: MparticleSettings,
): Desired<MparticleDataPoint> {
  const { plan, names, warnings, items, add, taken } = desiredDraft(snapshot, settings.names, keyed);
  const { objectSchema } = schemaCache();
  for (const event of plan.events) {
    if (event.kind === 'identify' || event.kind === 'group') {
      warn(warnings, {
        code: 'not_representable',
        subject: event.name,
        message: `mParticle plans user attributes, not ${event.kind} calls; "${event.name}" is left out.`,
      });
      continue;
    }
    const name = names.event(event.name);
    const screen = event.kind === 'page' || event.kind === 'screen';
    if (!claimName(taken, `${screen}:${name}`, warnings, 'mParticle')) continue;
    const customAttributes = objectSchema(plan.usesOf(event), names.property);
    add({
      description: withManagedMark(event.description),
      match: screen
        ? { type: 'screen_view', criteria: { screen_name: name } }
        : {
            type: 'custom_event',
            criteria: { event_name: name, custom_event_type: settings.customEventType ?? 'other' },
          },
      validator: {
        type: 'json_schema',
        definition: {
          properties: {
            data: { properties: { custom_attributes: customAttributes }, required: ['custom_attributes'] },
          },
        },
      },
    });
  }
  if (plan.user.length > 0)
    add({
      description: withManagedMark('User attributes'),
      match: { type: 'user_attributes', criteria: {} },
      validator: { type: 'json_schema', definition: objectSchema(ownUses(plan.user), names.property) },
    });
  if (plan.group.length > 0)
    warn(warnings, {
      code: 'not_representable',
      subject: 'group attributes',
      message: 'mParticle data plans have no group traits; group attributes are left out.',
    });
  return { items, warnings };
}

/** `GET /platform/v2/workspaces/{workspace}/plans/{plan}`: its newest version's data points. */
export function parseMparticlePlan(answer: unknown): MparticleRemote {
  const versions = (answer as { data_plan_versions?: unknown[] })?.data_plan_versions;
  if (!Array.isArray(versions)) throw new Error('mParticle answered a plan without data_plan_versions');
  let latest: { version: number; version_document?: { data_points?: MparticleDataPoint[] } } | null = null;
  for (const raw of versions) {
    const v = raw as { version: number };
    if (!latest || v.version > latest.version) latest = v;
  }
  const items = new Map<string, RemoteItem<MparticleDataPoint>>();
  const order: string[] = [];
  for (const point of latest?.version_document?.data_points ?? []) {
    const item = { ...keyed(point), managed: isManaged(point.description) };
    items.set(item.key, item);
    order.push(item.key);
  }
  return { latestVersion: latest?.version ?? 0, items, order };
}

export const mparticlePlanPath = (settings: MparticleSettings) =>
  `/platform/v2/workspaces/${encodeURIComponent(settings.workspaceId)}/plans/${encodeURIComponent(settings.planId)}`;

/**
 * mParticle plans are versioned: a changed push writes one new version holding the newest
 * version's data points with the operations applied (what only mParticle has stays). Which
 * version is active in each environment stays the user's choice, so nothing is activated.
 */
function requestsFor(
  operations: Operation<MparticleDataPoint>[],
  settings: MparticleSettings,
  remote: MparticleRemote,
): ReturnType<MparticleAdapter['requestsFor']> {
  if (operations.length === 0) return { requests: [], deferred: [], warnings: [] };
  const points = new Map(remote.order.map((key) => [key, remote.items.get(key)!.item]));
  for (const op of operations) {
    if (op.action === 'delete') points.delete(op.key);
    else points.set(op.key, op.desired!);
  }
  const version = remote.latestVersion + 1;
  return {
    requests: [
      {
        method: 'POST',
        path: `${mparticlePlanPath(settings)}/versions`,
        headers: jsonHeaders,
        body: JSON.stringify({
          version,
          version_description: `Pushed by Tracemap (${operations.length} changes)`,
          // Said outright: the version active in each environment stays the one the user chose.
          activated_environment: 'none',
          version_document: { data_points: [...points.values()] },
        }),
        operationKeys: operations.map((op) => op.key),
      },
    ],
    deferred: [],
    warnings: [],
  };
}

export type MparticleAdapter = DestinationAdapter<MparticleSettings, MparticleDataPoint, MparticleRemote>;

export const mparticle: MparticleAdapter = {
  kind: 'mparticle',
  desired,
  diff: (wanted, remote, mode) => keyedDiff(wanted, remote.items, mode, sameJson),
  requestsFor,
  estimate: (operations) => ({ writeCalls: operations.length > 0 ? 1 : 0, warnings: [] }),
  empty: () => ({ latestVersion: 0, items: new Map(), order: [] }),
};
