/** Short names for the observed types, as the property matrix shows them. */
const TYPE_LABELS: Record<string, string> = {
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  'numeric-string': 'numeric string',
};

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}

export interface TypeSegment {
  type: string;
  label: string;
  count: number;
  /** Whole percent; the segments of one bar add up to exactly 100. */
  percent: number;
  /** The app version this type arrived with, when discovery knows it. */
  since?: string;
}

/**
 * The segments of one property's type bar, largest first. Percentages are
 * rounded by largest remainder so a 2-in-3 split reads 67 % · 33 %, never
 * 67 % · 34 %; a type that is there but rounds to 0 shows as "<1 %" by its count.
 * `since` marks the smallest type, the one a type split introduced, with the
 * app version the split came in.
 */
export function typeSegments(types: Record<string, number>, since?: string): TypeSegment[] {
  const entries = Object.entries(types).filter(([, count]) => count > 0);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return [];
  entries.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const exact = entries.map(([, count]) => (count * 100) / total);
  const percents = exact.map(Math.floor);
  let left = 100 - percents.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    percents[index] += 1;
    left -= 1;
  }
  const segments = entries.map(([type, count], index) => ({
    type,
    label: typeLabel(type),
    count,
    percent: percents[index],
  }));
  if (since && segments.length > 1) return segments.map((s, i) => (i === segments.length - 1 ? { ...s, since } : s));
  return segments;
}

function percentText(segment: TypeSegment): string {
  return segment.percent === 0 ? '<1 %' : `${segment.percent} %`;
}

/** The bar's caption: "int 84 % · string 16 % since 5.2.0". */
export function typeBarText(segments: TypeSegment[]): string {
  return segments.map((s) => `${s.label} ${percentText(s)}${s.since ? ` since ${s.since}` : ''}`).join(' · ');
}

/** How often a property was there, as a whole percent of the event's volume (never above 100). */
export function presencePercent(presence: number, volume: number): number {
  if (volume <= 0) return 0;
  return Math.min(100, Math.round((presence * 100) / volume));
}
