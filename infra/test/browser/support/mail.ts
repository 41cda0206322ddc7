import { waitFor } from '@tracemap/test-kit';
import type { MailboxMessage } from '../../../src/dev-mailbox';
import type { Stack } from '../../../src/stack';

/**
 * The first message in the stack's dev mailbox to `address` (whose subject matches, if given).
 * Every wait has a deadline: a message that never comes fails the test instead of hanging it.
 */
export async function mailTo(
  stack: Stack,
  address: string,
  subject?: RegExp,
  deadlineMs = 20_000,
): Promise<MailboxMessage> {
  const mailbox = stack.mailbox;
  if (!mailbox) throw new Error('this stack has no dev mailbox');
  return waitFor(() => mailbox.messages.find((m) => m.to.includes(address) && (!subject || subject.test(m.subject))), {
    timeoutMs: deadlineMs,
    intervalMs: 100,
    message: `an email to ${address}${subject ? ` matching ${subject}` : ''}`,
  });
}
