export { ApiError, toApiError } from './api/api-error';
export { apiFetch, type ApiFetchOptions, type FetchFn } from './api/api-fetch';
export { RETRY_STATUSES, shouldRetry } from './api/retry-rule';
export { getAppConfig, type AppConfig } from './config/app-config';
export { getSupabase } from './supabase/get-supabase';
export { useSessionStore, type SessionInfo, type AuthEventName, type AuthStatus } from './stores/session-store';
export { useNoticeStore } from './stores/notice-store';
export { authedFetch, type AuthedFetchOptions } from './api/authed-fetch';
export { useUserStore, type CurrentUser } from './stores/user-store';
export { useCompanyStore } from './stores/company-state';
export { useBannerStore, type Banner } from './stores/banner-state';
export { resetStores } from './stores/reset-stores';
// Pages render a stored address as a link or image only when it is http(s) or a path of this site.
export { isHttpUrl, safeHref } from '@tracemap/contracts';
export * from './company';
export * from './auth';
// Only what the first render of a page needs is shared through this entry, which every first load
// waits for. The rest has entry points of its own (see package.json: '@tracemap/shell-core/admin',
// '/subscription', '/billing-banners', ...): API clients only some apps use, and what the shell
// starts once a page is shown (analytics, deployment watch, banner watches). Those import shared
// state through this entry, so an app that bundles them still acts on the one session and stores.
