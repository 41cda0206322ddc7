import type { CompanySettings } from './company-repository';

type Optional = 'lintRules' | 'mapEmbedOrigins' | 'proposalsRequired' | 'approvalsRequired' | 'approvers';
type DefaultedSettings = Required<Omit<CompanySettings, Optional>>;

export const DEFAULT_SETTINGS: DefaultedSettings = {
  attributeInheritance: true,
  eventNameCase: 'any',
  attributeNameCase: 'any',
};

/** `lintRules` appears once a company sets a severity (rules not named keep their default), `mapEmbedOrigins` once it names origins, the proposal settings once set. */
export function withDefaults(settings: CompanySettings): DefaultedSettings & Pick<CompanySettings, Optional> {
  return { ...DEFAULT_SETTINGS, ...settings };
}

export function publicCompany(company: { id: string; name: string; settings: CompanySettings }) {
  return { id: company.id, name: company.name, settings: withDefaults(company.settings) };
}
