import { AppError } from '@tracemap/service-kit';
import { MESSAGES } from './messages';

/** The closed set of the service's own refusals. */
export const ERRORS = {
  slackNotConfigured: () => new AppError(503, 'slack_not_configured', MESSAGES.slackNotConfigured),
  notConnected: () => new AppError(409, 'slack_not_connected', MESSAGES.notConnected),
  subscriptionNotFound: () => new AppError(404, 'subscription_not_found', MESSAGES.subscriptionNotFound),
  channelTaken: () => new AppError(409, 'channel_taken', MESSAGES.channelTaken),
  badSignature: () => new AppError(401, 'invalid_signature', MESSAGES.badSignature),
} as const;
