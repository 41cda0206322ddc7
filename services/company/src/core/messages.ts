// User-facing messages in one place so routes, use cases and tests agree.
export const MESSAGES = {
  companyNotFound: 'Company not found',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  forbidden: 'You do not have permission to do this.',
  invitationGone: 'Your one time verification code was already used or has expired.',
  ownerInviteOnlyByOwner: 'Only an owner can invite an owner.',
  ownerOnlyByOwner: 'Only an owner can make someone an owner or change an owner.',
  noSelfUpgrade: 'You cannot raise your own role.',
  lastOwner: 'A company must keep at least one owner.',
  alreadyInvited: 'An invitation for this email is already pending.',
  alreadyMember: 'This user is already a member of the company.',
  resendTooSoon: 'This invitation was sent moments ago. Wait a minute before sending it again.',
  otherEmail: 'This invitation was sent to another email address.',
  emailNotConfirmed: 'Confirm your email address before accepting the invitation.',
  accountExists: 'An account with this email already exists. Log in to accept the invitation.',
  nothingToUpdate: 'Nothing to update',
  claimUnavailable: 'Accounts cannot be created right now. Try again later.',
  invitationLimit: 'This company has sent too many invitations in the last 10 minutes. Try again later.',
} as const;

// Generic 500 messages per route; each ends with 'Try again later.'.
export const FAILURE = {
  create: 'Could not create the company. Try again later.',
  mine: 'Could not load your companies. Try again later.',
  info: 'Could not load the company information. Try again later.',
  settings: 'Could not save the company settings. Try again later.',
  invite: 'Could not send the invitation. Try again later.',
  invitationDetails: 'Could not load the invitation. Try again later.',
  resend: 'Could not resend the invitation. Try again later.',
  revoke: 'Could not delete the invitation. Try again later.',
  invitations: 'Could not load the invitations. Try again later.',
  accept: 'Could not accept the invitation. Try again later.',
  claim: 'Could not accept the invitation. Try again later.',
  permissionUpdate: 'Could not update the permission. Try again later.',
  permissionDelete: 'Could not remove the permission. Try again later.',
  internal: 'Could not load the companies. Try again later.',
} as const;
