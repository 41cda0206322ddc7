export type { AssistantData, ToolContext } from './data';
export { canSeeAttribute, canSeeValues, seesHiddenAttributes } from './roles';
export { preparePlan, type PreparedPlan } from './plan/prepare-plan';
export { prepareDiscovery, type PreparedDiscovery } from './discovery/prepare-discovery';
export { searchPlan } from './tools/search-plan';
export { getEvent } from './tools/get-event';
export { getAttribute } from './tools/get-attribute';
export { getView } from './tools/get-view';
export { getMap } from './tools/get-map';
export { listItems } from './tools/list-items';
export { discoveryOverview } from './tools/discovery-overview';
export { discoveryEvent } from './tools/discovery-event';
export { listFindings } from './tools/list-findings';
export { formatQueryResult } from './tools/query-result';
export { proposeChange } from './tools/propose-change';
export {
  runTool,
  isPureTool,
  ToolInputError,
  type PureToolName,
  type ToolInput,
  type ToolOutput,
} from './tools/run-tool';
export { Turn, type TurnCall } from './tools/turn';
export type { ToolResult } from './tools/tool-result';
export { toolContext } from './context';
export {
  checkGrounding,
  strikeUnverified,
  UNVERIFIED_NOTE,
  type GroundingCheck,
  type TurnEvidence,
} from './grounding/check-grounding';
export { citedReferences, cite } from './grounding/references';
export { numberTokens, NumberSupport } from './grounding/numbers';
export { quoteObserved } from './grounding/untrusted';
export { answerOffline, type OfflineAnswer } from './offline/answer-offline';
export { recognise, type Intent, type IntentKind } from './offline/intents';
export { OFFLINE_REFUSAL } from './offline/refusal';
export { suggestQuestions } from './suggestions/suggest-questions';
export { answerWithModel, ModelFailure, type ModelAnswer, type ModelQuestion } from './model/answer-with-model';
export { modelTools, type RunSourceQuery, type ToolActivity, type ToolRefusal } from './model/model-tools';
export { systemPrompt, repairPrompt, GLOSSARY_MAX, type PromptContext, type PromptSource } from './model/prompts';
export { createLanguageModel, MODEL_PROVIDERS, type ModelProvider, type ModelSettings } from './model/providers';
export {
  ga4ReportRequest,
  ga4ReportTable,
  amplitudeSegmentationQuery,
  amplitudeSegmentationRows,
  amplitudeSegmentationTable,
  GA4_ROWS_MAX,
  type QueryTable,
} from './query/source-query';
export { queryRefusal } from './query/query-access';
