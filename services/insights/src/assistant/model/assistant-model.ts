import { createLanguageModel } from '@tracemap/assistant';
import type { LanguageModel } from 'ai';
import type { InsightsConfig } from '../../config';

/** The deployment's language model and its limits; tests put a scripted model in `model`. */
export interface AssistantModel {
  /** Null: no provider configured, every answer is the offline answerer's. */
  model: LanguageModel | null;
  timeoutMs: number;
  /** Tokens one company may use per UTC day. */
  dailyTokens: number;
}

export function createAssistantModel(config: InsightsConfig): AssistantModel {
  const provider = config.ASSISTANT_MODEL_PROVIDER;
  return {
    model:
      provider && config.ASSISTANT_MODEL
        ? createLanguageModel({
            provider,
            model: config.ASSISTANT_MODEL,
            apiKey: config.ASSISTANT_MODEL_API_KEY,
            baseUrl: config.ASSISTANT_MODEL_BASE_URL,
          })
        : null,
    timeoutMs: config.ASSISTANT_MODEL_TIMEOUT_MS,
    dailyTokens: config.ASSISTANT_DAILY_TOKENS,
  };
}
