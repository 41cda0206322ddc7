import type { ChatGrounding, ChatReference } from '@tracemap/contracts';
import type { ToolContext } from '../data';
import { checkGrounding, shownAnswer } from '../grounding/check-grounding';
import { ToolInputError } from '../tools/run-tool';
import { Turn, type TurnCall } from '../tools/turn';
import {
  answerCountVolume,
  answerIsTracked,
  answerPlannedNotSeen,
  answerPlanVsSource,
  answerUnplannedSeen,
  answerWhatsWrong,
} from './answers-discovery';
import {
  answerCountAttributes,
  answerList,
  answerOwner,
  answerPath,
  answerProperties,
  answerViewEvents,
  answerWhereFires,
} from './answers-plan';
import { recognise, type Intent, type IntentKind } from './intents';
import { OFFLINE_REFUSAL } from './refusal';

export interface OfflineAnswer {
  content: string;
  references: ChatReference[];
  grounding: ChatGrounding;
  /** Null when the question was refused. */
  intent: IntentKind | null;
  toolCalls: TurnCall[];
}

function compose(turn: Turn, intent: Intent): string | null {
  const hasTraffic = turn.ctx.discovery !== null;
  switch (intent.kind) {
    case 'is_tracked':
      return answerIsTracked(turn, intent, hasTraffic);
    case 'properties':
      return answerProperties(turn, intent);
    case 'count_attributes':
      return answerCountAttributes(turn, intent);
    case 'where_fires':
      return answerWhereFires(turn, intent);
    case 'owner':
      return answerOwner(turn, intent);
    case 'list':
    case 'count':
      return answerList(turn, intent);
    case 'view_events':
      return answerViewEvents(turn, intent);
    case 'path':
      return answerPath(turn, intent);
    case 'count_volume':
      return answerCountVolume(turn, intent, hasTraffic);
    case 'planned_not_seen':
      return answerPlannedNotSeen(turn, hasTraffic);
    case 'unplanned_seen':
      return answerUnplannedSeen(turn, hasTraffic);
    case 'whats_wrong':
      return answerWhatsWrong(turn, intent, hasTraffic);
    case 'plan_vs_source':
      return answerPlanVsSource(turn, intent, hasTraffic);
  }
}

const refusal = (toolCalls: TurnCall[] = []): OfflineAnswer => ({
  content: OFFLINE_REFUSAL,
  references: [],
  grounding: { verified: true, unverifiedNumbers: [] },
  intent: null,
  toolCalls,
});

/**
 * The deterministic answer: a recognised intent answered through the same
 * tools and the same grounding check as a model's answer; anything else the
 * honest refusal, never a guess.
 */
export function answerOffline(question: string, ctx: ToolContext): OfflineAnswer {
  const intent = recognise(question);
  if (!intent) return refusal();
  const turn = new Turn(ctx);
  let text: string | null;
  try {
    text = compose(turn, intent);
  } catch (error) {
    // A subject or filter the tools refuse (too long, say) is a question it cannot answer, not a crash.
    if (error instanceof ToolInputError) return refusal(turn.calls);
    throw error;
  }
  if (text === null) return refusal(turn.calls);
  const check = checkGrounding(text, { outputs: turn.outputs(), references: turn.references() });
  return {
    ...shownAnswer(text, check),
    intent: intent.kind,
    toolCalls: turn.calls,
  };
}
