import type { InputHTMLAttributes, Ref } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and announced with it (aria-describedby); marks it aria-invalid. */
  error?: string | null;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose error and hint are tied to it for screen readers. */
export function Field({ id, label, value, onChange, error, hint, inputRef, type = 'text', ...rest }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="au-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        ref={inputRef}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`field-${id}`}
        {...rest}
      />
      {hint ? (
        <p className="au-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="au-error" id={errorId} data-testid={`error-${id}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
