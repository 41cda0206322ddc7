import adminArea from './admin';
import analyticsRoute from '../analytics/analytics-route';
import alreadyRegisteredRoute from './account/already-registered';
import forgotPasswordRoute from './account/forgot-password';
import leadRoute from './account/lead';
import resetPasswordRoute from './account/reset-password';
import revokeSessionsRoute from './account/revoke-sessions';
import publicRoadmapRoute from './account/roadmap';
import syncRoute from './account/sync';
import updateNameRoute from './account/update-name';
import verifyEmailRoute from './account/verify-email';
import productAdminRoute from './internal/product-admin';
import profilesLookupRoute from './internal/profiles-lookup';
import trialUsedRoute from './internal/trial-used';
import bugReportRoute from './support/bug-report';
import feedbackRoute from './support/feedback';

export const routes = [
  syncRoute,
  revokeSessionsRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  alreadyRegisteredRoute,
  updateNameRoute,
  verifyEmailRoute,
  leadRoute,
  analyticsRoute,
  bugReportRoute,
  feedbackRoute,
  profilesLookupRoute,
  trialUsedRoute,
  productAdminRoute,
  publicRoadmapRoute,
  adminArea,
];
