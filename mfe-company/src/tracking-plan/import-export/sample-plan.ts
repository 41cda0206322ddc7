import type { ImportSource } from './import-dialog';

/** The example e-commerce plan, fetched as its own chunk only when asked for. */
export async function loadSamplePlan(): Promise<ImportSource> {
  const { samplePlans } = await import('@tracemap/tracking-plan');
  return { text: JSON.stringify(samplePlans.ecommerce), format: 'native', label: 'the example e-commerce plan' };
}
