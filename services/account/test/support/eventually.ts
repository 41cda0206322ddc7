/** Polls until the check passes, so tests never assert on elapsed time. */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
