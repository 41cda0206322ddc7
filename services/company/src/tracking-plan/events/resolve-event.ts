import { resolveEffectiveAttributes, type ResolvedAttributes } from '@tracemap/tracking-plan';
import type { Attribute, AttributeLink } from '@tracemap/contracts';
import type { CompanyDeps } from '../../core/deps';
import { ATTRIBUTE_COLUMNS, toAttribute } from '../attributes/attribute-repository';
import { mapAttributeLinksSql } from '../maps/map-repository';
import { attributeLinksSql } from '../shared/link-repository';
import { exposedOnly, tenantReader, type PlanActor } from '../shared/plan-context';
import { entityNotFound } from '../shared/plan-errors';

export interface ResolvedEvent extends ResolvedAttributes {
  event: { id: string; name: string; description: string; kind: string; attributes: AttributeLink[] };
  attributeInheritance: boolean;
}

interface Loaded {
  event: ResolvedEvent['event'] | null;
  inheritance: boolean;
  views: Array<{ id: string; name: string; attributes: AttributeLink[] }>;
  maps: Array<{ id: string; name: string; attributes: AttributeLink[] }>;
  attributes: Array<Record<string, unknown>>;
}

/**
 * Everything one event's schema needs, in one statement: the event and its
 * links, the company's inheritance setting, the live views it fires on with
 * their links and the live maps those views are on with theirs (only when
 * inheritance is on), and the attributes those name
 * plus the company's system attributes. Viewers' loads leave hidden
 * attributes (and links to them) out at every layer. The parts are built as
 * json rather than jsonb: they are only sent to the service, and building the
 * binary form first cost a third of the statement's time.
 */
function loadStatement(hiddenOut: boolean): string {
  const exposed = hiddenOut ? 'AND a.exposed' : '';
  return `
    WITH settings AS (
      SELECT coalesce((c.settings ->> 'attributeInheritance')::boolean, true) AS inheritance FROM company.companies c WHERE c.id = $1
    ), ev AS (
      SELECT e.id, e.name, e.description, e.kind, ${attributeLinksSql('company.plan_event_attributes', 'e', hiddenOut)} AS attributes
        FROM company.plan_events e WHERE e.company_id = $1 AND e.id = $2
    ), vw AS (
      SELECT v.id, v.name, ${attributeLinksSql('company.plan_view_attributes', 'v', hiddenOut)} AS attributes
        FROM company.plan_view_events ve JOIN company.plan_views v ON v.company_id = ve.company_id AND v.id = ve.view_id
       WHERE ve.company_id = $1 AND ve.event_id = $2 AND v.status <> 'archived' AND (SELECT inheritance FROM settings)
    ), mp AS (
      SELECT m.id, m.name, ${mapAttributeLinksSql('m', hiddenOut)} AS attributes
        FROM company.maps m
       WHERE m.company_id = $1 AND m.status <> 'archived'
         AND EXISTS (SELECT 1 FROM company.map_nodes n WHERE n.company_id = m.company_id AND n.map_id = m.id AND n.view_id IN (SELECT id FROM vw))
    ), linked AS (
      SELECT (l ->> 'attributeId')::uuid AS id FROM ev, json_array_elements(ev.attributes) l
      UNION SELECT (l ->> 'attributeId')::uuid FROM vw, json_array_elements(vw.attributes) l
      UNION SELECT (l ->> 'attributeId')::uuid FROM mp, json_array_elements(mp.attributes) l
      UNION SELECT a.id FROM company.plan_attributes a
             WHERE a.company_id = $1 AND a.scope = 'system' AND a.status <> 'archived' AND (SELECT inheritance FROM settings)
    )
    SELECT (SELECT row_to_json(ev) FROM ev) AS event,
           coalesce((SELECT inheritance FROM settings), true) AS inheritance,
           coalesce((SELECT json_agg(vw ORDER BY lower(vw.name), vw.id) FROM vw), '[]'::json) AS views,
           coalesce((SELECT json_agg(mp ORDER BY lower(mp.name), mp.id) FROM mp), '[]'::json) AS maps,
           coalesce((SELECT json_agg(x) FROM (
             SELECT ${ATTRIBUTE_COLUMNS} FROM company.plan_attributes a
              WHERE a.company_id = $1 AND a.id = ANY (ARRAY(SELECT id FROM linked)) ${exposed}
           ) x), '[]'::json) AS attributes`;
}

/** Loads only what one event's schema needs (never the whole plan) and resolves its effective attributes. */
export async function resolveEvent(deps: CompanyDeps, actor: PlanActor, eventId: string): Promise<ResolvedEvent> {
  const [row] = (await tenantReader(deps, actor)(loadStatement(exposedOnly(actor)), [
    actor.companyId,
    eventId,
  ])) as unknown as Loaded[];
  if (!row?.event) throw entityNotFound('event');
  const attributes: Attribute[] = row.attributes.map(toAttribute);
  const resolved = resolveEffectiveAttributes({
    event: row.event,
    attributesById: new Map(attributes.map((a) => [a.id, a])),
    attributeInheritance: row.inheritance,
    systemAttributes: row.inheritance ? attributes.filter((a) => a.scope === 'system' && a.status !== 'archived') : [],
    views: row.views,
    maps: row.maps,
  });
  return { ...resolved, event: row.event, attributeInheritance: row.inheritance };
}
