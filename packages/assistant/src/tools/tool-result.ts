import type { ChatReference } from '@tracemap/contracts';

/** A tool's output and the items it returned, the only ids an answer of this turn may cite. */
export interface ToolResult<O> {
  output: O;
  references: ChatReference[];
}

export const refs = (kind: ChatReference['kind'], items: ReadonlyArray<{ id: string }>): ChatReference[] =>
  items.map((item) => ({ kind, id: item.id }));
