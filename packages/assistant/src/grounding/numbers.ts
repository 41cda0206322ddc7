/**
 * Numbers as an answer writes them and as tool outputs hold them. Separators
 * are normalised (1,234 / 1 234 / 1234), a percent may stand for a share
 * (12.3 % for 0.1234), `k` and `M` for thousands and millions, and a figure
 * may be rounded to the decimals it shows. Dates and dotted versions are
 * compared as text.
 */
export interface NumberToken {
  raw: string;
  index: number;
  length: number;
  kind: 'number' | 'percent' | 'date' | 'version';
  /** The value, with `k`/`M` applied; null for dates and versions. */
  value: number | null;
  /** Half a unit of the last digit shown, with `k`/`M` applied: how far rounding may have moved it. */
  tolerance: number;
}

const DATE = String.raw`\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?`;
const VERSION = String.raw`\d+(?:\.\d+){2,}`;
const GROUPED = String.raw`\d{1,3}(?:(?:,|[ \u00a0\u202f])\d{3})+(?:\.\d+)?`;
const PLAIN = String.raw`\d+(?:\.\d+)?`;
const TOKEN = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.\-/:])(?:(${DATE})|(${VERSION})|-?(?:${GROUPED}|${PLAIN})(?:\s?(%)|([kKM])(?![\p{L}\p{N}_]))?)(?![\p{L}\p{N}_]|\.\d)`,
  'gu',
);
const SCALES: Record<string, number> = { k: 1e3, K: 1e3, M: 1e6 };

export function numberTokens(text: string): NumberToken[] {
  const out: NumberToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const [raw, date, version, percent, scaleMark] = match;
    const base = { raw, index: match.index, length: raw.length };
    if (date) {
      out.push({ ...base, kind: 'date', value: null, tolerance: 0 });
      continue;
    }
    if (version) {
      out.push({ ...base, kind: 'version', value: null, tolerance: 0 });
      continue;
    }
    const digits = raw
      .replace(/\s?%$/, '')
      .replace(/[kKM]$/, '')
      .replace(/[, \u00a0\u202f]/g, '');
    const scale = scaleMark ? SCALES[scaleMark] : 1;
    const decimals = digits.includes('.') ? digits.length - digits.indexOf('.') - 1 : 0;
    out.push({
      ...base,
      kind: percent ? 'percent' : 'number',
      value: Number(digits) * scale,
      tolerance: 0.5 * 10 ** -decimals * scale,
    });
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The figures of a turn's tool outputs: every number, and every number, date and version inside their strings. */
export class NumberSupport {
  private readonly values: number[];
  private readonly texts = new Set<string>();

  constructor(outputs: readonly unknown[]) {
    const values: number[] = [];
    const walk = (value: unknown, depth: number) => {
      if (depth > 32) return;
      if (typeof value === 'number') {
        if (Number.isFinite(value)) values.push(value);
      } else if (typeof value === 'string') {
        // Ids are not figures: their digit runs would support numbers nobody counted.
        if (UUID.test(value)) return;
        for (const token of numberTokens(value)) {
          if (token.value === null) {
            this.texts.add(token.raw);
            if (token.kind === 'date') this.texts.add(token.raw.slice(0, 10));
          } else values.push(token.value);
        }
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item, depth + 1);
      } else if (value && typeof value === 'object') {
        for (const item of Object.values(value)) walk(item, depth + 1);
      }
    };
    for (const output of outputs) walk(output, 0);
    this.values = values.sort((a, b) => a - b);
  }

  supports(token: NumberToken): boolean {
    if (token.value === null) return this.texts.has(token.raw) || this.texts.has(token.raw.slice(0, 10));
    const { value, tolerance } = token;
    // Zero rounds out of too much (any share under half a percent): only a zero supports it.
    if (value === 0) return this.within(0, 0);
    if (token.kind === 'percent') {
      return (
        this.within(value / 100 - tolerance / 100, value / 100 + tolerance / 100) ||
        this.within(value - tolerance, value + tolerance)
      );
    }
    return this.within(value - tolerance, value + tolerance);
  }

  private within(low: number, high: number): boolean {
    const epsilon = 1e-9 * Math.max(1, Math.abs(low), Math.abs(high));
    let lo = 0;
    let hi = this.values.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid] < low - epsilon) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.values.length && this.values[lo] <= high + epsilon;
  }
}
