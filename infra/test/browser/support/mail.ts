import { waitFor } from '@tracemap/test-kit';
import type { MailboxMessage } from '../../../src/dev-mailbox';
import type { Stack } from '../../../src/stack';

/** The dev mailbox's messages, oldest first, read over its HTTP side (a shared stack's lives in another process). */
async function messagesOf(httpUrl: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${httpUrl}/dev/mailbox.json`);
  if (!response.ok) throw new Error(`the dev mailbox answered ${response.status}`);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  return messages.reverse();
}

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
  return waitFor(
    async () =>
      (await messagesOf(mailbox.httpUrl)).find((m) => m.to.includes(address) && (!subject || subject.test(m.subject))),
    {
      timeoutMs: deadlineMs,
      intervalMs: 100,
      message: `an email to ${address}${subject ? ` matching ${subject}` : ''}`,
    },
  );
}
