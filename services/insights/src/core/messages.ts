/** What the service answers in errors, written once. */
export const MESSAGES = {
  companyNotFound: 'Company not found',
  forbidden: 'Your role in this company does not allow this.',
  adminOnly: 'Only an owner or an admin of the company can manage discovery sources.',
} as const;

/** Generic 5xx messages per area (the details go to the log with the request id). */
export const FAILURE = {
  sources: 'Could not load or change the discovery sources. Try again later.',
} as const;
