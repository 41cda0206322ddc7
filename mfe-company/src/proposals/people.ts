import type { CompanyInfo } from '@tracemap/shell-core';

/** A member's name as others see it: first and last name, else email, else "a former member". */
export function personName(users: CompanyInfo['users'], userId: string): string {
  const user = users.find((u) => u.id === userId);
  if (!user) return 'A former member';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.email || 'A member';
}
