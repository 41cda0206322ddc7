const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The time a pull reads: from `start` (included) to `end` (excluded), both on the vendor's grain. */
export interface PullWindow {
  start: number;
  end: number;
}

/**
 * The window a pull reads: from where the last successful pull stopped (or `firstDays`
 * back for a source never pulled) up to the last complete hour (Amplitude exports by the
 * hour) or day (GA4 reports by the day), so a window is read once and never half. Null when
 * nothing complete is new yet.
 */
export function pullWindow(
  grain: 'hour' | 'day',
  pulledUntil: number | null,
  now: number,
  firstDays: number,
): PullWindow | null {
  const size = grain === 'hour' ? HOUR_MS : DAY_MS;
  const end = Math.floor(now / size) * size;
  const start = pulledUntil === null ? end - firstDays * DAY_MS : Math.floor(pulledUntil / size) * size;
  return start < end ? { start, end } : null;
}

/** Amplitude's `YYYYMMDDTHH`; `end` names the last hour included. */
export function amplitudeRange(window: PullWindow): { start: string; end: string } {
  const hour = (time: number) => {
    const iso = new Date(time).toISOString();
    return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}`;
  };
  return { start: hour(window.start), end: hour(window.end - HOUR_MS) };
}

/** GA4's `YYYY-MM-DD` date range; `endDate` is included. */
export function ga4DateRange(window: PullWindow): { startDate: string; endDate: string } {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { startDate: day(window.start), endDate: day(window.end - DAY_MS) };
}
