import { useState, type FormEvent } from 'react';
import { ApiError } from '@tracemap/shell-core';
import { HONEYPOT_FIELD, sendLead } from './lead-api';
import { validateLead, type LeadField } from './validate';

interface Props {
  /** Which form sent the lead (demo, contact): the team sees it in the email. */
  source: string;
  fields: LeadField[];
  submitLabel: string;
  thanks: string;
}

function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: LeadField;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const common = {
    id: `lead-${field.name}`,
    name: field.name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `lead-${field.name}-error` : undefined,
    autoComplete: field.autoComplete,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  if (field.kind === 'textarea') return <textarea rows={5} {...common} />;
  if (field.kind === 'select') {
    return (
      <select {...common}>
        <option value="">Choose…</option>
        {field.options?.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    );
  }
  return <input type={field.kind} {...common} />;
}

/** A lead form: checked in the browser, sent to the team, confirmed on the page. */
export function LeadForm({ source, fields, submitLabel, thanks }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLead(fields, values);
    setErrors(found);
    const first = fields.find((f) => found[f.name]);
    if (first) {
      document.getElementById(`lead-${first.name}`)?.focus();
      return;
    }
    setState('sending');
    setFailure(null);
    const leadData: Record<string, string> = { source, [HONEYPOT_FIELD]: trap };
    for (const f of fields) if ((values[f.name] ?? '').trim() !== '') leadData[f.name] = values[f.name].trim();
    try {
      await sendLead(leadData);
      setState('sent');
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.message : 'Could not send your details. Check your connection and try again.',
      );
      setState('idle');
    }
  };

  if (state === 'sent') {
    return (
      <div className="mk-success" role="status" data-testid="lead-sent">
        <strong>Thank you.</strong> {thanks}
      </div>
    );
  }
  return (
    <form className="mk-form" onSubmit={submit} noValidate data-testid={`lead-form-${source}`}>
      {fields.map((field) => (
        <label key={field.name} htmlFor={`lead-${field.name}`}>
          {field.label}
          {field.required ? ' *' : ''}
          <FieldInput
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(v) => setValues((s) => ({ ...s, [field.name]: v }))}
          />
          {errors[field.name] ? (
            <span className="mk-error" id={`lead-${field.name}-error`} data-testid={`lead-error-${field.name}`}>
              {errors[field.name]}
            </span>
          ) : null}
        </label>
      ))}
      {/* Hidden from people and from assistive technology; a filled value marks a bot. */}
      <div className="mk-hp" aria-hidden="true">
        <label htmlFor="lead-website">Website</label>
        <input
          id="lead-website"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(e) => setTrap(e.target.value)}
        />
      </div>
      {failure ? (
        <p className="mk-error" role="alert" data-testid="lead-failure">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className="tm-btn" disabled={state === 'sending'} data-testid="lead-submit">
          {state === 'sending' ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
