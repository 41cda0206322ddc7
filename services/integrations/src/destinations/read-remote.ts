import type { DestinationSettings } from '@tracemap/contracts';
import {
  AMPLITUDE_TAXONOMY,
  mparticlePlanPath,
  parseAmplitudeTaxonomy,
  parseMparticlePlan,
  parseRudderstackCatalog,
  parseSegmentRulesPage,
  rudderstackPlanEventPath,
  rudderstackPlanEventsPath,
  segmentRulesReadPath,
  type RemoteItem,
  type SegmentRule,
} from '@tracemap/destinations';
import type { DestinationHttp } from './destination-http';

/** RudderStack pages its lists: every page until the total is reached. */
async function allPages(http: DestinationHttp, path: string): Promise<unknown[]> {
  const pages: unknown[] = [];
  let seen = 0;
  for (let page = 1; ; page++) {
    const answer = (await http.read(`${path}?page=${page}`)) as { data?: unknown[]; total?: number };
    pages.push(answer);
    seen += answer.data?.length ?? 0;
    if (!answer.data?.length || seen >= (answer.total ?? 0)) return pages;
  }
}

/** What the destination holds, read through its API and parsed into the adapter's remote model. */
export async function readRemote(http: DestinationHttp, settings: DestinationSettings): Promise<unknown> {
  switch (settings.kind) {
    case 'segment': {
      const rules = new Map<string, RemoteItem<SegmentRule>>();
      let cursor: string | null = null;
      do {
        const page = parseSegmentRulesPage(await http.read(segmentRulesReadPath(settings, cursor)));
        for (const rule of page.rules) rules.set(rule.key, rule);
        cursor = page.next;
      } while (cursor);
      return rules;
    }
    case 'amplitude':
      return parseAmplitudeTaxonomy({
        events: await http.read(`${AMPLITUDE_TAXONOMY}/event`),
        eventProperties: await http.read(`${AMPLITUDE_TAXONOMY}/event-property`),
        userProperties: await http.read(`${AMPLITUDE_TAXONOMY}/user-property`),
      });
    case 'mparticle':
      return parseMparticlePlan(await http.read(mparticlePlanPath(settings)));
    case 'rudderstack': {
      const events = await allPages(http, '/v2/catalog/events');
      const properties = await allPages(http, '/v2/catalog/properties');
      const listed = await allPages(http, rudderstackPlanEventsPath(settings));
      const planEvents: unknown[] = [];
      for (const page of listed)
        for (const event of (page as { data: { id: string }[] }).data)
          planEvents.push(await http.read(rudderstackPlanEventPath(settings, event.id)));
      return parseRudderstackCatalog({ events, properties, planEvents });
    }
  }
}
