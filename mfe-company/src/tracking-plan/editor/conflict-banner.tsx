import { Button } from '@tracemap/ui';
import { sameValue } from './same-value';

interface ConflictBannerProps {
  singular: string;
  /** Fields the other person changed, compared with what this page loaded. */
  theirFields: string[];
  /** Fields with unsaved changes here, which a reload drops. */
  yourFields: string[];
  onReload: () => void;
}

/**
 * Someone saved first. Nothing is merged or reloaded behind the user's back: they see what
 * the other person changed and what they would lose, and choose to reload.
 */
export function ConflictBanner({ singular, theirFields, yourFields, onReload }: ConflictBannerProps) {
  return (
    <div className="tp-conflict" role="alert" data-testid="version-conflict">
      <p>
        <strong>Someone else changed this {singular} while you were editing.</strong> Your changes were not saved.
        Reload to see their version.
      </p>
      {theirFields.length ? <p className="tp-hint">They changed: {theirFields.join(', ')}.</p> : null}
      {yourFields.length ? (
        <p className="tp-hint">
          Reloading discards your unsaved changes to: {yourFields.join(', ')}. Copy anything you want to keep first.
        </p>
      ) : null}
      <Button onClick={onReload} data-testid="conflict-reload">
        Reload their version
      </Button>
    </div>
  );
}

const IGNORED = new Set(['version', 'createdAt', 'updatedAt', 'usedBy', 'id']);

/** Names of the fields that differ between two versions of an entity. */
export function changedFields(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter((k) => !IGNORED.has(k) && !sameValue(a[k], b[k]));
}
