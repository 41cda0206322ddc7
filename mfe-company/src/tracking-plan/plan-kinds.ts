import { PLAN_COLLECTIONS, type EntityKind } from '@tracemap/shell-core/tracking-plan';
import { type CompanySettings } from '@tracemap/shell-core';

export interface KindInfo {
  singular: string;
  plural: string;
  /** The title-case plural for headings. */
  title: string;
  /** The company setting that names this kind's naming case, if it has one. */
  nameCaseSetting: keyof Pick<CompanySettings, 'eventNameCase' | 'attributeNameCase'> | null;
}

export const KINDS: Record<EntityKind, KindInfo> = {
  attribute: { singular: 'attribute', plural: 'attributes', title: 'Attributes', nameCaseSetting: 'attributeNameCase' },
  event: { singular: 'event', plural: 'events', title: 'Events', nameCaseSetting: 'eventNameCase' },
  view: { singular: 'view', plural: 'views', title: 'Views', nameCaseSetting: null },
};

/** The page of a list or of one entity in it. */
export function planPath(companyId: string, kind: EntityKind, id?: string): string {
  const base = `/company/${companyId}/${PLAN_COLLECTIONS[kind]}`;
  return id ? `${base}/${encodeURIComponent(id)}` : base;
}
