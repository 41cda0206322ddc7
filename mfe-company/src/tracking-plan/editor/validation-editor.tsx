import { useEffect, useState } from 'react';
import {
  STRING_FORMATS,
  VALIDATION_KINDS,
  type AttributeType,
  type ItemType,
  type Validation,
  type ValidationKind,
} from '@tracemap/shell-core/tracking-plan';
import { validationProblems, valueTypeOf } from '../plan-logic';
import { useEditable } from './editable';
import { SelectField, TextField } from './fields';

type EnumValue = string | number | boolean;

/** A typed value read back in the attribute's own type, so `42` is a number for an integer. */
function parseValue(text: string, valueType: string): EnumValue {
  const t = text.trim();
  if ((valueType === 'integer' || valueType === 'number') && t !== '' && !Number.isNaN(Number(t))) return Number(t);
  if (valueType === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  return t;
}
const showValue = (v: EnumValue | undefined) => (v === undefined ? '' : String(v));
const parseNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** The enum's values, one per line; the text stays as typed while the list follows it. */
function EnumValues({
  values,
  valueType,
  onChange,
}: {
  values: EnumValue[];
  valueType: string;
  onChange: (v: EnumValue[]) => void;
}) {
  const joined = values.map(String).join('\n');
  const [text, setText] = useState(joined);
  useEffect(
    () =>
      setText((t) =>
        t
          .split('\n')
          .filter((l) => l.trim())
          .join('\n') === joined
          ? t
          : joined,
      ),
    [joined],
  );
  return (
    <TextField
      label="Allowed values (one per line)"
      value={text}
      multiline
      wide
      onChange={(t) => {
        setText(t);
        onChange(
          t
            .split('\n')
            .filter((l) => l.trim() !== '')
            .map((l) => parseValue(l, valueType)),
        );
      }}
      testId="validation-values"
    />
  );
}

interface ValidationEditorProps {
  /** "Validation" on an attribute, "Override" on a link. */
  label?: string;
  value: Validation;
  type: AttributeType;
  itemType: ItemType | null;
  onChange: (v: Validation) => void;
}

/** How values are checked; a new kind starts empty, because each kind uses only its own fields. */
export function ValidationEditor({ label = 'Validation', value, type, itemType, onChange }: ValidationEditorProps) {
  const editable = useEditable();
  const valueType = valueTypeOf(type, itemType);
  const problems = value.kind === 'none' ? [] : validationProblems(value, type, itemType);
  const set = (patch: Partial<Validation>) => onChange({ ...value, ...patch });
  const num = (label: string, field: 'min' | 'max' | 'minLength' | 'maxLength') => (
    <TextField
      label={label}
      value={value[field] === undefined ? '' : String(value[field])}
      onChange={(t) => set({ [field]: parseNumber(t) })}
      testId={`validation-${field}`}
    />
  );

  return (
    <div className="tp-fields" data-testid="validation-editor">
      <SelectField<ValidationKind>
        label={label}
        value={value.kind as ValidationKind}
        options={VALIDATION_KINDS}
        onChange={(kind) => onChange(kind === 'format' ? { kind, format: 'email' } : { kind })}
        testId="validation-kind"
      />
      {value.kind === 'enum' ? (
        <EnumValues values={value.values ?? []} valueType={valueType} onChange={(values) => set({ values })} />
      ) : null}
      {value.kind === 'regex' ? (
        <TextField
          label="Pattern"
          value={value.pattern ?? ''}
          onChange={(pattern) => set({ pattern })}
          testId="validation-pattern"
        />
      ) : null}
      {value.kind === 'range' ? (
        <>
          {num('Minimum', 'min')}
          {num('Maximum', 'max')}
        </>
      ) : null}
      {value.kind === 'length' ? (
        <>
          {num('Minimum length', 'minLength')}
          {num('Maximum length', 'maxLength')}
        </>
      ) : null}
      {value.kind === 'format' ? (
        <SelectField
          label="Format"
          value={value.format ?? 'email'}
          options={STRING_FORMATS}
          onChange={(format) => set({ format })}
          testId="validation-format"
        />
      ) : null}
      {value.kind === 'const' ? (
        <TextField
          label="Value"
          value={showValue(value.const)}
          onChange={(t) => set({ const: parseValue(t, valueType) })}
          testId="validation-const"
        />
      ) : null}
      {editable && problems.length ? (
        <ul className="tp-field--wide" style={{ margin: 0, paddingLeft: 20 }} data-testid="validation-problems">
          {problems.map((p) => (
            <li key={p} className="tp-finding tp-finding--error">
              {p}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
