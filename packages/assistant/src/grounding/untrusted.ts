/**
 * An observed name or value written into an answer: as inline code, with
 * brackets, backticks and line breaks taken out, so it can neither cite an
 * item (`[[event:…]]`) nor break out of its quotes to read as instructions.
 */
export function quoteObserved(text: string, max = 120): string {
  const cleaned = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/[[\]`~]/g, (char) => ({ '[': '(', ']': ')', '`': "'", '~': '-' })[char] ?? '')
    .trim();
  return `\`${cleaned.length > max ? `${cleaned.slice(0, max)}…` : cleaned}\``;
}
