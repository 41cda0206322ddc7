import type { QuerySourceInput } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { foldName } from '../plan/tokens';
import { canSeeValues } from '../roles';

/**
 * Why the caller may not run this query, or null. A query split by a property
 * hands out that property's values, so the rule of the other tools applies: a
 * viewer never groups by an attribute that is not exposed or is personal.
 */
export function queryRefusal(ctx: ToolContext, input: QuerySourceInput): string | null {
  if (!input.groupBy || ['date', 'platform', 'app_version'].includes(input.groupBy)) return null;
  const attribute = ctx.plan.byFolded.attribute.get(foldName(input.groupBy));
  if (attribute && !canSeeValues(attribute, ctx.role))
    return `Grouping by "${input.groupBy}" is not available to your role.`;
  return null;
}
