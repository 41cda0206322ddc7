import adminArea from './admin/admin-area';
import analyticsRoute from './analytics/analytics-route';
import alreadyRegisteredRoute from './auth-flows/already-registered-route';
import forgotPasswordRoute from './auth-flows/forgot-password-route';
import leadRoute from './leads/lead-route';
import resetPasswordRoute from './auth-flows/reset-password-route';
import revokeSessionsRoute from './auth-flows/revoke-sessions-route';
import publicRoadmapRoute from './admin/roadmap/public-roadmap-route';
import currentReleasesRoute from './admin/releases/current-releases-route';
import syncRoute from './profile/sync-route';
import updateNameRoute from './profile/update-name-route';
import verifyEmailRoute from './auth-flows/verify-email-route';
import productAdminRoute from './profile/internal/product-admin-route';
import profilesLookupRoute from './profile/internal/profiles-lookup-route';
import trialUsedRoute from './profile/internal/trial-used-route';
import bugReportRoute from './support/bug-report-route';
import feedbackRoute from './support/feedback-route';

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
  currentReleasesRoute,
  adminArea,
];
