import type { ProfileDelta } from '@tracemap/discovery';

/**
 * A profile delta of one event counted as `weight` events. The GA4 Data API answers
 * "N events named X with these parameter values"; the profile builder adds one event at a
 * time, so a report row is added once and its delta multiplied here rather than adding the
 * same event N times. Every count scales; times, values and examples stay as they are.
 */
export function weighDelta(delta: ProfileDelta, weight: number): ProfileDelta {
  if (weight === 1) return delta;
  const times = <K extends string>(counts: Partial<Record<K, number>>): Partial<Record<K, number>> => {
    const out: Partial<Record<K, number>> = {};
    for (const key in counts) out[key] = (counts[key] ?? 0) * weight;
    return out;
  };
  return {
    events: delta.events.map((e) => ({
      ...e,
      total: e.total * weight,
      truncated: e.truncated * weight,
      daily: e.daily.map((d) => ({ ...d, count: d.count * weight })),
      views: e.views.map((v) => ({ ...v, count: v.count * weight })),
    })),
    properties: delta.properties.map((p) => ({
      ...p,
      present: p.present * weight,
      types: times(p.types),
      native: times(p.native),
      versions: p.versions.map((v) => ({ ...v, types: times(v.types) })),
      topValues: p.topValues.map((t) => ({ ...t, count: t.count * weight })),
      sketched: p.sketched * weight,
      masks: p.masks.map((m) => ({ ...m, count: m.count * weight })),
      masked: p.masked * weight,
      personal: p.personal * weight,
    })),
    transitions: delta.transitions.map((t) => ({ ...t, count: t.count * weight })),
    examples: delta.examples.map((x) => ({ ...x, count: x.count * weight })),
  };
}
