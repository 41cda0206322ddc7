/** The `data` list of a vendor's JSON answer; an answer without one is not something a diff can trust. */
export function dataList(answer: unknown, vendor: string): Record<string, unknown>[] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error(`${vendor} answered without a data list`);
  return data as Record<string, unknown>[];
}

/** A string field of an answer, or '' when it is missing or not a string. */
export const text = (raw: unknown): string => (typeof raw === 'string' ? raw : '');
