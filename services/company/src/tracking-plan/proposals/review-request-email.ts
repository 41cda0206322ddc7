import { enqueueEmail } from '@tracemap/mailer';
import type { Queryable } from '@tracemap/service-kit';
import type { Profile } from '../../core/peers';
import { OUTBOX_SCHEMA } from '../../invitations/invitation-email';

/** The proposal's page, as the product's address names it. */
export function proposalLink(publicUrl: string, companyId: string, proposalId: string): string {
  return new URL(`/company/${encodeURIComponent(companyId)}/proposals/${encodeURIComponent(proposalId)}`, publicUrl)
    .href;
}

/**
 * Queues the email asking one member to review, in the caller's transaction. One per
 * proposal and reviewer: asking again (or a retried request) sends nothing more.
 */
export async function queueReviewRequestEmail(
  db: Queryable,
  input: {
    publicUrl: string;
    companyId: string;
    companyName: string;
    proposal: { id: string; name: string };
    reviewer: Profile;
    requesterName: string | null;
  },
): Promise<void> {
  await enqueueEmail(db, OUTBOX_SCHEMA, {
    template: 'review-requested',
    to: input.reviewer.email,
    data: {
      link: proposalLink(input.publicUrl, input.companyId, input.proposal.id),
      firstName: input.reviewer.firstName,
      companyName: input.companyName,
      proposalName: input.proposal.name,
      inviterName: input.requesterName ?? undefined,
    },
    dedupeKey: `proposal-review:${input.proposal.id}:${input.reviewer.id}`,
  });
}
