import { suggestQuestions as buildSuggestions } from '@tracemap/assistant';
import type { ChatSuggestions } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { assistantContext, type AssistantDeps } from './assistant-context';

/**
 * Starting questions from the company's plan and, when it has traffic, its
 * discovery data. Read through the same context as answers, so the prepared
 * plan is shared and every suggestion is one the answerer can answer.
 */
export async function suggestQuestions(deps: AssistantDeps, actor: CompanyActor): Promise<ChatSuggestions> {
  const ctx = await assistantContext(deps, actor.companyId, actor.role);
  return { questions: buildSuggestions(ctx.plan, ctx.discovery) };
}
