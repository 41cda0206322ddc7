import type { CompanySettings } from '../repositories/company-repository';

export const NAME_CASES = ['any', 'snake_case', 'camelCase', 'PascalCase', 'Title Case'] as const;

export const DEFAULT_SETTINGS: Required<CompanySettings> = {
  attributeInheritance: true,
  eventNameCase: 'any',
  attributeNameCase: 'any',
};

export function withDefaults(settings: CompanySettings): Required<CompanySettings> {
  return { ...DEFAULT_SETTINGS, ...settings };
}

export function publicCompany(company: { id: string; name: string; settings: CompanySettings }) {
  return { id: company.id, name: company.name, settings: withDefaults(company.settings) };
}
