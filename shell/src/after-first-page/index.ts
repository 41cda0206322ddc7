import { afterPageShown } from '../page-shown';

/**
 * Work that watches in the background — deployment detection, the "email not confirmed" and "no
 * company access" banners — is not needed to show the first page, so its code loads once that page
 * is on screen.
 */
export function startAfterFirstPage(): void {
  afterPageShown(() => {
    void import('@tracemap/shell-core/deployment').then((watch) => watch.startDeploymentWatch());
    void import('@tracemap/shell-core/email-banner').then((banner) => banner.watchEmailConfirmation());
    void import('@tracemap/shell-core/company-access').then((access) => access.watchCompanyAccess());
  });
}
