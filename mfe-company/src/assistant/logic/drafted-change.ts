import type { AppliedDraft, ChatToolCall } from '@tracemap/contracts';

/** A change the assistant drafted, as its card shows it. */
export interface DraftedChange {
  /** The tool call's id: the change is applied by it. */
  id: string;
  summary: string;
  reason: string;
  /** Each drafted field with its value as text, in the order the draft gave them. */
  fields: Array<[string, string]>;
  applied: AppliedDraft | null;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};

/**
 * The drafted changes among an answer's tool calls: the `propose_change` calls the server
 * stored with a summary and an id (a refused draft has neither and shows nothing).
 */
export function draftedChanges(calls: readonly ChatToolCall[]): DraftedChange[] {
  return calls.flatMap((call) => {
    if (call.tool !== 'propose_change' || call.summary === undefined || call.id === undefined) return [];
    const input = record(call.input);
    return [
      {
        id: call.id,
        summary: call.summary,
        reason: typeof input.reason === 'string' ? input.reason : '',
        fields: Object.entries(record(input.fields)).map(([key, value]): [string, string] => [key, asText(value)]),
        applied: call.applied ?? null,
      },
    ];
  });
}
