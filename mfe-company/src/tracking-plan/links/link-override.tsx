import type { Attribute, AttributeType, ItemType, Validation } from '@tracemap/shell-core/tracking-plan';
import { ValidationEditor } from '../editor/validation-editor';
import { narrowingProblem } from '../plan-logic';

/** A short description of a narrowing, for the read-only view and the collapsed row. */
export function describeOverride(override: Validation): string {
  switch (override.kind) {
    case 'enum':
      return `only ${(override.values ?? []).map(String).join(', ')}`;
    case 'const':
      return `always ${String(override.const)}`;
    case 'range':
      return `between ${override.min ?? '…'} and ${override.max ?? '…'}`;
    case 'length':
      return `length ${override.minLength ?? 0}–${override.maxLength ?? '…'}`;
    case 'format':
      return `format ${override.format}`;
    case 'regex':
      return `pattern ${override.pattern}`;
    default:
      return 'no narrowing';
  }
}

interface LinkOverrideProps {
  attribute: Attribute;
  override: Validation | null | undefined;
  onChange: (override: Validation | null) => void;
}

/**
 * Narrows the attribute's validation for this one link (an enum subset, a smaller range, a
 * tighter length); the type itself never changes here. Widening is flagged as it is typed.
 */
export function LinkOverride({ attribute, override, onChange }: LinkOverrideProps) {
  const value = override ?? { kind: 'none' };
  const type = attribute.type as AttributeType;
  const itemType = attribute.itemType as ItemType | null;
  const problem =
    value.kind === 'none' ? null : narrowingProblem(attribute.validation as Validation, value, type, itemType);
  return (
    <div data-testid="link-override">
      <p className="tp-hint">
        {attribute.name} is {type}
        {attribute.validation.kind !== 'none' ? `, ${describeOverride(attribute.validation as Validation)}` : ''}. Here
        it may only be narrowed.
      </p>
      <ValidationEditor
        label={`Override for ${attribute.name}`}
        value={value}
        type={type}
        itemType={itemType}
        onChange={(v) => onChange(v.kind === 'none' ? null : v)}
      />
      {problem ? (
        <p className="tp-finding tp-finding--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
