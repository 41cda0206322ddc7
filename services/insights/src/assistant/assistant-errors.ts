import { AppError } from '@tracemap/service-kit';

/** The assistant's refusals: a closed set of codes, each with its words. */
const ASSISTANT_ERRORS = {
  thread_not_found: [404, 'No such conversation.'],
  assistant_disabled: [403, 'The assistant is switched off for this company.'],
  query_not_found: [404, 'No such query result.'],
  draft_not_found: [404, 'No such drafted change in this conversation.'],
  token_cap_reached: [
    429,
    "The assistant has used this company's model allowance for today; it answers again after midnight (UTC).",
  ],
} as const satisfies Record<string, readonly [number, string]>;

export type AssistantErrorCode = keyof typeof ASSISTANT_ERRORS;

export function assistantError(code: AssistantErrorCode): AppError {
  const [status, message] = ASSISTANT_ERRORS[code];
  return new AppError(status, code, message);
}
