import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

export const MODEL_PROVIDERS = ['anthropic', 'openai', 'openai-compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export interface ModelSettings {
  provider: ModelProvider;
  /** The provider's model id, e.g. a Claude or GPT model name. */
  model: string;
  apiKey?: string;
  /** The provider's address; required for an OpenAI-compatible endpoint, optional (a proxy) otherwise. */
  baseUrl?: string;
}

/** The language model a deployment configured, through the `ai` SDK's provider for it. */
export function createLanguageModel(settings: ModelSettings): LanguageModel {
  const { apiKey, baseUrl } = settings;
  switch (settings.provider) {
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: baseUrl })(settings.model);
    case 'openai':
      return createOpenAI({ apiKey, baseURL: baseUrl })(settings.model);
    case 'openai-compatible':
      if (!baseUrl) throw new Error('An OpenAI-compatible provider needs a base URL.');
      return createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL: baseUrl })(settings.model);
  }
}
