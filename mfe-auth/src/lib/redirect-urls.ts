/** Where the confirmation email link lands (the auth service only redirects to allowed URLs). */
export function confirmEmailRedirect(): string {
  return `${window.location.origin}/confirm-email`;
}
