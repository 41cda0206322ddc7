import type { ExperimentAssignment } from '@tracemap/contracts';
import type { CookieJar } from './environment';

export const BUCKET_COOKIE = 'tm_bucket';
export const BUCKET_COOKIE_DAYS = 365;

export interface Experiment {
  id: string;
  /** Share of all visitors in this experiment, 0–100. */
  trafficPercent: number;
  /** Split evenly inside the experiment's share; control first. */
  variants?: string[];
}

/** The visitor's bucket 0–99, drawn once and kept in a cookie for a year. */
export function visitorBucket(cookies: CookieJar, random: () => number = Math.random): number {
  const stored = Number(cookies.get(BUCKET_COOKIE));
  const valid = cookies.get(BUCKET_COOKIE) !== null && Number.isInteger(stored) && stored >= 0 && stored <= 99;
  const bucket = valid ? stored : Math.floor(random() * 100);
  // Written again each time so the year counts from the last visit.
  cookies.set(BUCKET_COOKIE, String(bucket), BUCKET_COOKIE_DAYS);
  return bucket;
}

/**
 * Experiments take consecutive slices of the 100 buckets in the order they are listed: the
 * first with 10 % gets buckets 0–9, the next with 20 % gets 10–29, and so on. A visitor is in
 * at most one experiment; inside it the variants share the slice evenly.
 */
export function assignExperiments(experiments: Experiment[], bucket: number): ExperimentAssignment[] {
  let start = 0;
  for (const experiment of experiments) {
    const share = Math.max(0, Math.min(100 - start, Math.floor(experiment.trafficPercent)));
    if (bucket >= start && bucket < start + share) {
      const variants =
        experiment.variants && experiment.variants.length > 0 ? experiment.variants : ['control', 'treatment'];
      const index = Math.floor(((bucket - start) * variants.length) / share);
      return [{ experiment: experiment.id, variant: variants[index] }];
    }
    start += share;
  }
  return [];
}
