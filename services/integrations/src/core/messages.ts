/** What the service answers in errors, written once. */
export const MESSAGES = {
  companyNotFound: 'Company not found',
  forbidden: 'Your role in this company does not allow this.',
  adminOnly: 'Only an owner or an admin of the company can manage Slack.',
  slackNotConfigured: 'Slack is not configured on this server.',
  notConnected: 'Slack is not connected for this company.',
  subscriptionNotFound: 'Subscription not found',
  channelTaken: 'This channel already has a subscription.',
  badSignature: 'The request signature is not valid.',
} as const;

/** Generic 5xx messages per area (the details go to the log with the request id). */
export const FAILURE = {
  slack: 'Could not reach Slack or change the connection. Try again later.',
} as const;
