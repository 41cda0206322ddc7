/**
 * The e-commerce sample plan as data: what generate-ecommerce-sample.ts turns into the native file.
 * Its parts: the attributes (ecommerce-sample-context-attributes, ecommerce-sample-event-attributes),
 * the events (ecommerce-sample-journey), the views (ecommerce-sample-views) and the map
 * (ecommerce-sample-map).
 */
import { CONTEXT_ATTRIBUTES } from './ecommerce-sample-context-attributes';
import { EVENT_ATTRIBUTES } from './ecommerce-sample-event-attributes';

type Presence = 'required' | 'optional';
type Override = Record<string, unknown>;
export type LinkSpec = [name: string, presence: Presence, override?: Override];
export interface AttributeSpec {
  name: string;
  displayName?: string;
  description: string;
  scope: 'event' | 'user' | 'view' | 'system' | 'group';
  type: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'object' | 'array' | 'any';
  itemType?: 'string' | 'integer' | 'number' | 'boolean' | 'datetime' | 'object' | 'any';
  validation?: Override & { kind: string };
  origin?: string;
  exposed?: boolean;
  nullable?: boolean;
  pii?: boolean;
  tags?: string[];
  status?: 'planned' | 'implemented' | 'live' | 'deprecated';
  owners?: string[];
}

// The native file lists the attributes in this order, so it stays the same: system, view and user
// attributes first, then the event properties.
export const ATTRIBUTES: AttributeSpec[] = [...CONTEXT_ATTRIBUTES, ...EVENT_ATTRIBUTES];

export { EVENTS, VIEWS } from './ecommerce-sample-journey';
