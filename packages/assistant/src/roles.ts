import type { Attribute, CompanyRole } from '@tracemap/contracts';

// The company service hides attributes that are not exposed from viewers
// (and every link to them); the assistant applies the same rule, and on top
// never hands a viewer the values of a personal attribute (enum values,
// patterns, sample values of findings).

export const seesHiddenAttributes = (role: CompanyRole): boolean => role !== 'viewer';

export function canSeeAttribute(attribute: Attribute, role: CompanyRole): boolean {
  return attribute.exposed || seesHiddenAttributes(role);
}

export function canSeeValues(attribute: Attribute, role: CompanyRole): boolean {
  return canSeeAttribute(attribute, role) && (role !== 'viewer' || !attribute.pii);
}
