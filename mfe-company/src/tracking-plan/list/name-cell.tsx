import { Link } from 'react-router';
import type { EntityKind } from '@tracemap/shell-core/tracking-plan';
import { useCompany } from '../../company-layout/context';
import { planPath } from '../plan-kinds';

/** The row's link to the entity page, with the display name under it when there is one. */
export function NameCell({
  kind,
  id,
  name,
  displayName,
}: {
  kind: EntityKind;
  id: string;
  name: string;
  displayName?: string;
}) {
  const { companyId } = useCompany();
  return (
    <>
      <Link to={planPath(companyId, kind, id)}>{name}</Link>
      {displayName && displayName !== name ? <span className="tp-sub">{displayName}</span> : null}
    </>
  );
}
