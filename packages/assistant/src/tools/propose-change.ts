import type { ProposeChangeInput, ProposeChangeOutput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import type { ToolResult } from './tool-result';

/** A drafted change in words; nothing is applied until a person with edit rights confirms it. */
export function proposeChange(ctx: ToolContext, input: ProposeChangeInput): ToolResult<ProposeChangeOutput> {
  const target =
    input.id === undefined
      ? undefined
      : input.entity === 'event'
        ? ctx.plan.eventsById.get(input.id)
        : input.entity === 'attribute'
          ? ctx.plan.attributesById.get(input.id)
          : ctx.plan.viewsById.get(input.id);
  const name = target?.name ?? (typeof input.fields.name === 'string' ? input.fields.name : 'a new item');
  const fields = Object.keys(input.fields).sort().join(', ') || 'no fields';
  const summary = `${input.action} ${input.entity} "${name}" (${fields}): ${input.reason}`;
  return {
    output: { draft: input, summary, needsConfirmation: true },
    references: target ? [{ kind: input.entity, id: target.id }] : [],
  };
}
