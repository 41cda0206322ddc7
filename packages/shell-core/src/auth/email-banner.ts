// The banner lives in the shared stores, reached through the package entry (the shell loads this
// entry point once its first page is shown).
import { useBannerStore, useUserStore, type CurrentUser } from '@tracemap/shell-core';

export const EMAIL_BANNER_ID = 'email-not-confirmed';
export const EMAIL_BANNER_MESSAGE = 'Email not confirmed. Check your inbox for the confirmation link we sent you.';

/** The 'Email not confirmed' banner shows for a logged-in user whose emailConfirmed is false. */
export function updateEmailBanner(user: CurrentUser | null = useUserStore.getState().user): void {
  const banners = useBannerStore.getState();
  if (user && user.emailConfirmed === false) {
    banners.show({
      id: EMAIL_BANNER_ID,
      message: EMAIL_BANNER_MESSAGE,
      tone: 'warning',
      action: { label: 'Account', href: '/account' },
    });
  } else if (banners.banners.some((b) => b.id === EMAIL_BANNER_ID)) {
    banners.dismiss(EMAIL_BANNER_ID);
  }
}

let unwatch: (() => void) | null = null;

/** Keeps the banner in step with the user store; idempotent. */
export function watchEmailConfirmation(): () => void {
  if (!unwatch) {
    updateEmailBanner();
    const unsubscribe = useUserStore.subscribe((state, previous) => {
      if (state.user !== previous.user) updateEmailBanner(state.user);
    });
    unwatch = () => {
      unsubscribe();
      unwatch = null;
    };
  }
  return unwatch;
}
