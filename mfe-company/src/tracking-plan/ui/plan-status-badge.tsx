import type { PlanStatus, Presence } from '@tracemap/shell-core/tracking-plan';

export function PlanStatusBadge({ status }: { status: PlanStatus | string }) {
  return (
    <span className={`tp-badge tp-badge--${status}`} data-testid="status-badge" data-status={status}>
      {status}
    </span>
  );
}

export function PresenceBadge({ presence }: { presence: Presence | string }) {
  return (
    <span className={`tp-badge tp-badge--${presence}`} data-presence={presence}>
      {presence}
    </span>
  );
}

export function Tags({ tags }: { tags: string[] }) {
  return (
    <>
      {tags.map((t) => (
        <span className="tp-tag" key={t}>
          {t}
        </span>
      ))}
    </>
  );
}
