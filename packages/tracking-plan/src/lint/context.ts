import type {
  AttributeLink,
  LintFinding,
  LintRule,
  LintSettings,
  LintSeverity,
  NameCase,
  NativeAttribute,
  NativeEvent,
  NativeView,
} from '@tracemap/contracts';
import { foldName, similarFoldedNames } from '../names';
import { SimilarNameIndex } from './similar-index';
import { lintSeverities } from './severities';

export interface LintMap {
  id: string;
  name: string;
  viewIds: string[];
  eventIds: string[];
  /** Map-level attribute links; they count as uses of the attribute. */
  attributes?: AttributeLink[];
}
/** Stored entities or native-file ones: lint needs no version or timestamps. */
type Attribute = NativeAttribute;
type PlanEvent = NativeEvent;
type PlanView = NativeView;
export interface LintInput {
  attributes: Attribute[];
  events: PlanEvent[];
  views: PlanView[];
  maps?: LintMap[];
  /**
   * Views and events lint only names, by id: those maps point at when `views`
   * and `events` leave them out (archived ones, or a map checked on its own).
   */
  named?: { views: Named[]; events: Named[] };
  settings: { eventNameCase: NameCase; attributeNameCase: NameCase; rules?: LintSettings };
}
export type LintKind = 'attribute' | 'event' | 'view';
/** What lint needs of an entity: any of ours, with or without an id yet. */
export type Named = { id?: string; name: string; status: string };

/**
 * Indexes built once per lint run, on first use, so every check is a lookup
 * and a one-entity run builds only what its checks need. `similarTo` either
 * uses an index of similar-name keys (whole plan) or a scan (one entity),
 * whichever is cheaper for the run.
 */
export class LintContext {
  readonly severities: Record<LintRule, LintSeverity>;
  readonly attributes: Attribute[];
  readonly events: PlanEvent[];
  readonly views: PlanView[];
  readonly maps: LintMap[];
  private attributeIndex?: Map<string, Attribute>;
  private readonly foldedIndexes: Partial<Record<LintKind, Map<string, Named[]>>> = {};
  private readonly similarIndexes: Partial<Record<LintKind, SimilarNameIndex>> = {};
  private usage?: { attributes: Set<string>; eventsOnViews: Set<string>; mapsByEvent: Map<string, string[]> };
  private everyIndex?: { views: Map<string, Named>; events: Map<string, Named> };

  constructor(
    readonly input: LintInput,
    private readonly indexSimilarNames: boolean,
  ) {
    this.severities = lintSeverities(input.settings.rules);
    const active = <T extends { status: string }>(items: T[]) => items.filter((item) => item.status !== 'archived');
    this.attributes = active(input.attributes);
    this.events = active(input.events);
    this.views = active(input.views);
    this.maps = input.maps ?? [];
  }

  get attributesById(): Map<string, Attribute> {
    this.attributeIndex ??= new Map(this.attributes.map((a) => [a.id, a]));
    return this.attributeIndex;
  }

  /** Views and events by id, archived ones included (a map may still point at them). */
  get everyById(): { views: Map<string, Named>; events: Map<string, Named> } {
    const { named } = this.input;
    this.everyIndex ??= {
      views: new Map<string, Named>([...(named?.views ?? []), ...this.input.views].map((v) => [v.id!, v])),
      events: new Map<string, Named>([...(named?.events ?? []), ...this.input.events].map((e) => [e.id!, e])),
    };
    return this.everyIndex;
  }

  /** Entities of a kind by folded name. */
  byFolded(kind: LintKind): Map<string, Named[]> {
    let map = this.foldedIndexes[kind];
    if (map) return map;
    map = new Map();
    const items: Named[] = kind === 'attribute' ? this.attributes : kind === 'event' ? this.events : this.views;
    for (const item of items) {
      const folded = foldName(item.name);
      const list = map.get(folded);
      if (list) list.push(item);
      else map.set(folded, [item]);
    }
    this.foldedIndexes[kind] = map;
    return map;
  }

  /** Folded names of the same kind similar to this one (not equal to it). */
  similarTo(kind: LintKind, folded: string): string[] {
    if (!this.indexSimilarNames)
      return [...this.byFolded(kind).keys()].filter((name) => similarFoldedNames(folded, name));
    let index = this.similarIndexes[kind];
    if (!index) {
      index = new SimilarNameIndex([...this.byFolded(kind).keys()]);
      this.similarIndexes[kind] = index;
    }
    return index.similarTo(folded);
  }

  get used() {
    if (!this.usage) {
      const attributes = new Set<string>();
      const eventsOnViews = new Set<string>();
      const mapsByEvent = new Map<string, string[]>();
      const eventsByView = new Map<string, string[]>();
      for (const e of this.events) for (const link of e.attributes) attributes.add(link.attributeId);
      for (const v of this.views) {
        for (const link of v.attributes) attributes.add(link.attributeId);
        for (const on of v.events) eventsOnViews.add(on.eventId);
        eventsByView.set(
          v.id,
          v.events.map((on) => on.eventId),
        );
      }
      for (const map of this.maps) {
        for (const link of map.attributes ?? []) attributes.add(link.attributeId);
        // An event is on a map when an edge goes through it or it fires on one of the map's views.
        const onMap = new Set([...map.eventIds, ...map.viewIds.flatMap((id) => eventsByView.get(id) ?? [])]);
        for (const eventId of onMap) mapsByEvent.set(eventId, [...(mapsByEvent.get(eventId) ?? []), map.name]);
      }
      this.usage = { attributes, eventsOnViews, mapsByEvent };
    }
    return this.usage;
  }

  /** A finding, or nothing when the company turned the rule off. */
  finding(
    rule: LintRule,
    kind: LintFinding['entityKind'],
    entity: Named,
    message: string,
    field?: string,
  ): LintFinding | null {
    const severity = this.severities[rule];
    if (severity === 'off') return null;
    const finding: LintFinding = { rule, severity, entityKind: kind, entityName: entity.name, message };
    if (entity.id) finding.entityId = entity.id;
    if (field) finding.field = field;
    return finding;
  }
}
