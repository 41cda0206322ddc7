/** Signup stores names in user metadata; both camelCase and snake_case are seen in the wild. */
export function namesFromMetadata(metadata: Record<string, unknown> | undefined): {
  firstName?: string;
  lastName?: string;
} {
  if (!metadata) return {};
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = metadata[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 100);
    }
    return undefined;
  };
  return { firstName: pick('firstName', 'first_name'), lastName: pick('lastName', 'last_name') };
}
