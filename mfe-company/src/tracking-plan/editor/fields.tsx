import { useEffect, useId, useState, type ReactNode } from 'react';
import type { LintFinding } from '@tracemap/shell-core/tracking-plan';
import { useEditable } from './editable';

interface FieldFrameProps {
  label: string;
  /** A problem found here in the form (a missing name), shown before lint's findings. */
  error?: string | null;
  findings?: LintFinding[];
  hint?: ReactNode;
  wide?: boolean;
  children: (ids: { id: string; describedBy?: string; invalid?: boolean }) => ReactNode;
}

/** Label, control, hint and the lint findings about this field, tied together for screen readers. */
function FieldFrame({ label, error, findings = [], hint, wide, children }: FieldFrameProps) {
  const id = useId();
  const notesId = `${id}-notes`;
  const notes = error || findings.length > 0 || hint;
  const invalid = !!error || findings.some((f) => f.severity === 'error') || undefined;
  return (
    <div className={`tp-field${wide ? ' tp-field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: notes ? notesId : undefined, invalid })}
      {notes ? (
        <span id={notesId} aria-live="polite">
          {error ? (
            <span
              className="tp-finding tp-finding--error"
              style={{ display: 'block' }}
              role="alert"
              data-testid="field-error"
            >
              {error}
            </span>
          ) : null}
          {hint ? (
            <span className="tp-hint" style={{ display: 'block' }}>
              {hint}
            </span>
          ) : null}
          {findings.map((f, i) => (
            <span
              key={`${f.rule}-${i}`}
              className={`tp-finding tp-finding--${f.severity}`}
              style={{ display: 'block' }}
              data-testid="field-finding"
              data-rule={f.rule}
            >
              {f.severity === 'error' ? 'Error: ' : 'Warning: '}
              {f.message}
            </span>
          ))}
        </span>
      ) : null}
    </div>
  );
}

function ReadOnlyValue({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={`tp-field${wide ? ' tp-field--wide' : ''}`}>
      <span>{label}</span>
      <p className="tp-value">{value === '' || value === null || value === undefined ? '—' : value}</p>
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  multiline?: boolean;
  findings?: LintFinding[];
  hint?: ReactNode;
  wide?: boolean;
  maxLength?: number;
  placeholder?: string;
  testId?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  multiline,
  findings,
  hint,
  wide,
  maxLength,
  placeholder,
  testId,
}: TextFieldProps) {
  if (!useEditable()) return <ReadOnlyValue label={label} value={value} wide={wide} />;
  return (
    <FieldFrame label={label} error={error} findings={findings} hint={hint} wide={wide}>
      {({ id, describedBy, invalid }) => {
        const common = {
          id,
          value,
          maxLength,
          placeholder,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
          'data-testid': testId,
        };
        return multiline ? (
          <textarea {...common} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...common} onChange={(e) => onChange(e.target.value)} />
        );
      }}
    </FieldFrame>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  findings?: LintFinding[];
  testId?: string;
}

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  findings,
  testId,
}: SelectFieldProps<T>) {
  if (!useEditable()) return <ReadOnlyValue label={label} value={value} />;
  return (
    <FieldFrame label={label} findings={findings}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value as T)}
          data-testid={testId}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckField({
  label,
  checked,
  onChange,
  hint,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  hint?: string;
  testId?: string;
}) {
  if (!useEditable()) return <ReadOnlyValue label={label} value={checked ? 'Yes' : 'No'} />;
  return (
    <div className="tp-field">
      <label className="tp-check-field">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
        {label}
      </label>
      {hint ? <p className="tp-hint">{hint}</p> : null}
    </div>
  );
}

const parseList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** A list typed as comma-separated text; the text is kept while typing so a trailing comma survives. */
export function ListField({
  label,
  value,
  onChange,
  findings,
  testId,
}: {
  label: string;
  value: string[];
  onChange: (v: string[]) => void;
  findings?: LintFinding[];
  testId?: string;
}) {
  const joined = value.join(', ');
  const [text, setText] = useState(joined);
  useEffect(() => {
    setText((current) => (parseList(current).join(', ') === joined ? current : joined));
  }, [joined]);
  if (!useEditable()) return <ReadOnlyValue label={label} value={joined} />;
  return (
    <FieldFrame label={label} findings={findings} hint="Separate with commas">
      {({ id, describedBy }) => (
        <input
          id={id}
          value={text}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            onChange(parseList(e.target.value));
          }}
          data-testid={testId}
        />
      )}
    </FieldFrame>
  );
}
