export interface LeadField {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'textarea' | 'select';
  required?: boolean;
  options?: string[];
  autoComplete?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The message for each invalid field; empty when the form can be sent. */
export function validateLead(fields: LeadField[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (field.required && value === '') errors[field.name] = `${field.label} is required`;
    else if (field.kind === 'email' && value !== '' && !EMAIL.test(value))
      errors[field.name] = 'Enter a valid email address';
    else if (value.length > 2000) errors[field.name] = `${field.label} is too long (2000 characters at most)`;
  }
  return errors;
}
