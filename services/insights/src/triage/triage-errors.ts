import { AppError } from '@tracemap/service-kit';

/** The triage refusals: a closed set of codes, each with its words. */
const TRIAGE_ERRORS = {
  finding_not_found: [404, 'No such finding.'],
  event_not_found: [404, 'The plan has no such event.'],
  not_addable: [409, 'Only unplanned events and unplanned properties can be added to the plan.'],
  not_mappable: [
    409,
    'Only a finding about an observed event name (unplanned, similar name, other case) can be mapped.',
  ],
  nothing_observed: [409, 'Nothing of this finding is in the observed traffic any more; upload it again to add it.'],
  no_property: [400, 'This finding is not about a property, so a property rule cannot cover it.'],
  event_not_seen: [409, 'This event has not been seen in the observed traffic, so it cannot be marked live.'],
} as const satisfies Record<string, readonly [number, string]>;

export type TriageErrorCode = keyof typeof TRIAGE_ERRORS;

export function triageError(code: TriageErrorCode): AppError {
  const [status, message] = TRIAGE_ERRORS[code];
  return new AppError(status, code, message);
}
