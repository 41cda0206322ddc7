import type { IntentKind } from '../../src';

export const CATEGORIES = [
  'lookup',
  'list',
  'count',
  'provenance',
  'journey',
  'plan_vs_observed',
  'unanswerable',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** What the example data says, computed from the raw plan and profile (not through the tools under test). */
export interface Facts {
  /** Events observed under exactly this name, written as answers write numbers. */
  volume(...names: string[]): string;
  /** Items of the raw snapshot passing a test, as a written number. */
  planned(kind: 'events' | 'attributes' | 'views' | 'maps', test?: (item: Record<string, unknown>) => boolean): string;
}

export interface EvalCase {
  category: Category;
  question: string;
  /** Null: the answer must be the refusal. */
  intent: IntentKind | null;
  /** Text the right answer holds (names, figures, layers). */
  expect?: (facts: Facts) => string[];
  /** Text the right answer must not hold. */
  reject?: string[];
}

/** Plan items carrying a tag. */
export const tagged = (tag: string) => (item: Record<string, unknown>) => (item.tags as string[]).includes(tag);
/** Plan items not archived. */
export const isLive = (item: Record<string, unknown>) => item.status !== 'archived';
