import type { ImportSource } from './import-dialog';

/** The example e-commerce plan, loaded only when asked for so it never weighs on the list page. */
export async function loadSamplePlan(): Promise<ImportSource> {
  throw new Error('The example plan is not available yet.');
}
