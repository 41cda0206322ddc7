/**
 * Writes samples/ecommerce.json, the e-commerce sample plan, in the native
 * format. Ids are derived from names, so running it again gives the same file.
 * Run: npx tsx scripts/generate-ecommerce-sample.ts
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NativeAttribute, NativeEvent, NativeMap, NativePlan, NativeView, Validation } from '@tracemap/contracts';
import { serializeNativePlan, toNativePlan } from '../src/native';
import { ATTRIBUTES, EVENTS, VIEWS, type AttributeSpec, type LinkSpec } from './ecommerce-sample-spec';
import { JOURNEY } from './ecommerce-sample-map';

/** A name-based uuid (version 5 layout) in the sample's own namespace. */
function uuidFor(kind: string, name: string): string {
  const hex = createHash('sha1').update(`tracemap-sample-ecommerce:${kind}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const attributeId = (name: string) => {
  if (!ATTRIBUTES.some((a) => a.name === name)) throw new Error(`The sample links an unknown attribute: ${name}`);
  return uuidFor('attribute', name);
};
const links = (specs: LinkSpec[]) =>
  specs.map(([name, presence, override]) => ({
    attributeId: attributeId(name),
    presence,
    ...(override ? { validationOverride: override as Validation } : {}),
  }));

function attribute(spec: AttributeSpec): NativeAttribute {
  return {
    id: uuidFor('attribute', spec.name),
    name: spec.name,
    displayName: spec.displayName ?? '',
    description: spec.description,
    scope: spec.scope,
    type: spec.type,
    itemType: spec.itemType ?? null,
    validation: spec.validation ?? { kind: 'none' },
    origin: spec.origin ?? '',
    exposed: spec.exposed ?? true,
    nullable: spec.nullable ?? false,
    pii: spec.pii ?? false,
    tags: spec.tags ?? [],
    status: spec.status ?? 'live',
    owners: spec.owners ?? ['Analytics team'],
  };
}

const events: NativeEvent[] = EVENTS.map((spec) => ({
  id: uuidFor('event', spec.name),
  name: spec.name,
  displayName: '',
  description: spec.description,
  kind: spec.kind ?? 'track',
  category: spec.category,
  tags: spec.tags ?? [],
  owners: spec.owners ?? ['Analytics team'],
  status: spec.status ?? 'live',
  trigger: spec.trigger,
  attributes: links(spec.attributes ?? []),
}));

const eventId = (name: string) => {
  if (!EVENTS.some((e) => e.name === name)) throw new Error(`The sample places an unknown event: ${name}`);
  return uuidFor('event', name);
};
const views: NativeView[] = VIEWS.map((spec) => ({
  id: uuidFor('view', spec.name),
  name: spec.name,
  displayName: '',
  description: spec.description,
  type: spec.type ?? 'page',
  urlPattern: spec.urlPattern,
  screenshotUrl: null,
  tags: spec.tags ?? [],
  status: 'live',
  attributes: links(spec.attributes),
  events: spec.events.map(([name, trigger]) => ({ eventId: eventId(name), trigger })),
}));

const viewId = (name: string) => {
  if (!VIEWS.some((v) => v.name === name)) throw new Error(`The sample maps an unknown view: ${name}`);
  return uuidFor('view', name);
};
const journey: NativeMap = {
  id: uuidFor('map', JOURNEY.name),
  name: JOURNEY.name,
  description: JOURNEY.description,
  attributes: [],
  nodes: JOURNEY.nodes.map((n) => ({ viewId: viewId(n.view), x: n.x, y: n.y })),
  edges: JOURNEY.edges.map((e) => ({
    id: uuidFor('map-edge', `${JOURNEY.name}:${e.from}->${e.to}`),
    from: viewId(e.from),
    to: viewId(e.to),
    ...(e.event ? { eventId: eventId(e.event) } : {}),
    ...(e.label ? { label: e.label } : {}),
  })),
  layout: 'LR',
  status: 'live',
};

const plan: NativePlan = toNativePlan({ attributes: ATTRIBUTES.map(attribute), events, views, maps: [journey] });
const target = join(__dirname, '..', 'samples', 'ecommerce.json');
writeFileSync(target, serializeNativePlan(plan));
console.log(
  `wrote ${plan.attributes.length} attributes, ${plan.events.length} events, ${plan.views.length} views, ${plan.maps?.length ?? 0} maps`,
);
