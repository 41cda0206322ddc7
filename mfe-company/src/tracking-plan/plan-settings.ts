import type { EntityKind } from '@tracemap/shell-core/tracking-plan';
import type { NameCase } from '@tracemap/shell-core';
import { useCompany } from '../company-layout/context';
import { KINDS } from './plan-kinds';

/** The company's naming case for a kind (null for views, which have none). */
export function useNameCase(kind: EntityKind): NameCase | null {
  const { info } = useCompany();
  const setting = KINDS[kind].nameCaseSetting;
  return setting ? info.company.settings[setting] : null;
}
