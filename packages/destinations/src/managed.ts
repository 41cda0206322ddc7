/**
 * How Tracemap recognises its own items in a destination: a closing mark on the description,
 * the one free-text field all four destinations keep as sent. `mirror` deletes only marked items,
 * so an item someone made by hand is never deleted, even if its name matches a removed event.
 */
export const MANAGED_MARK = '[managed by Tracemap]';

export function withManagedMark(description: string | null | undefined): string {
  const text = (description ?? '').trim();
  return text ? `${text} ${MANAGED_MARK}` : MANAGED_MARK;
}

export function isManaged(description: unknown): boolean {
  return typeof description === 'string' && description.trimEnd().endsWith(MANAGED_MARK);
}
