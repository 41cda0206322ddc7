import { narrowingProblem, narrowValidation } from '../src/narrowing';

describe('narrowingProblem', () => {
  it('accepts an enum subset and refuses a value outside the attribute’s enum', () => {
    const base = { kind: 'enum' as const, values: ['a', 'b', 'c'] };
    expect(narrowingProblem(base, { kind: 'enum', values: ['a', 'c'] }, 'string')).toBeNull();
    expect(narrowingProblem(base, { kind: 'enum', values: ['a', 'd'] }, 'string')).toBe(
      'The value "d" is not allowed by the attribute’s enum validation.',
    );
  });

  it('accepts a smaller range and refuses a wider one', () => {
    const base = { kind: 'range' as const, min: 0, max: 100 };
    expect(narrowingProblem(base, { kind: 'range', min: 10, max: 50 }, 'number')).toBeNull();
    expect(narrowingProblem(base, { kind: 'range', max: 50 }, 'number')).toBeNull();
    expect(narrowingProblem(base, { kind: 'range', min: -1 }, 'number')).toBe(
      'The minimum -1 is below the attribute’s minimum 0.',
    );
    expect(narrowingProblem(base, { kind: 'range', max: 101 }, 'number')).toBe(
      'The maximum 101 is above the attribute’s maximum 100.',
    );
    expect(narrowingProblem(base, { kind: 'range', min: 200 }, 'number')).toBe(
      'The minimum 200 is greater than the maximum 100.',
    );
  });

  it('accepts a tighter length and refuses a looser one', () => {
    const base = { kind: 'length' as const, maxLength: 20 };
    expect(narrowingProblem(base, { kind: 'length', minLength: 2, maxLength: 10 }, 'string')).toBeNull();
    expect(narrowingProblem(base, { kind: 'length', maxLength: 30 }, 'string')).toMatch(
      /above the attribute’s maximum length 20/,
    );
  });

  it('accepts the same format or pattern only', () => {
    expect(
      narrowingProblem({ kind: 'format', format: 'email' }, { kind: 'format', format: 'email' }, 'string'),
    ).toBeNull();
    expect(
      narrowingProblem({ kind: 'format', format: 'email' }, { kind: 'format', format: 'uri' }, 'string'),
    ).not.toBeNull();
    expect(narrowingProblem({ kind: 'regex', pattern: '^a' }, { kind: 'regex', pattern: '^a' }, 'string')).toBeNull();
    expect(
      narrowingProblem({ kind: 'regex', pattern: '^a' }, { kind: 'regex', pattern: '^ab' }, 'string'),
    ).not.toBeNull();
  });

  it('accepts enum or const overrides whose values pass the attribute’s validation', () => {
    expect(narrowingProblem({ kind: 'range', min: 1, max: 5 }, { kind: 'enum', values: [1, 3] }, 'integer')).toBeNull();
    expect(
      narrowingProblem({ kind: 'regex', pattern: '^[a-z]+$' }, { kind: 'const', const: 'web' }, 'string'),
    ).toBeNull();
    expect(
      narrowingProblem({ kind: 'enum', values: ['web', 'ios'] }, { kind: 'const', const: 'android' }, 'string'),
    ).not.toBeNull();
    expect(
      narrowingProblem({ kind: 'length', maxLength: 2 }, { kind: 'enum', values: ['abc'] }, 'string'),
    ).not.toBeNull();
  });

  it('checks enum values against a pattern that would make a backtracking engine explode', () => {
    const base = { kind: 'regex' as const, pattern: '(a+)+$' };
    expect(narrowingProblem(base, { kind: 'enum', values: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!'] }, 'string')).toBe(
      'The value "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" is not allowed by the attribute’s regex validation.',
    );
    expect(narrowingProblem(base, { kind: 'const', const: 'baaaa' }, 'string')).toBeNull();
  });

  it('accepts any valid override of an attribute without validation', () => {
    expect(narrowingProblem({ kind: 'none' }, { kind: 'range', min: 0 }, 'integer')).toBeNull();
  });

  it('refuses an override that is itself invalid', () => {
    expect(narrowingProblem({ kind: 'none' }, { kind: 'range', min: 0 }, 'string')).toBe(
      'The override is not valid: A range validation does not apply to a string.',
    );
  });

  it('refuses removing the validation or switching to an unrelated kind', () => {
    expect(narrowingProblem({ kind: 'enum', values: ['a'] }, { kind: 'none' }, 'string')).toBe(
      'An override cannot remove the attribute’s validation.',
    );
    expect(narrowingProblem({ kind: 'enum', values: ['a'] }, { kind: 'length', maxLength: 3 }, 'string')).toBe(
      'A length override cannot narrow an enum validation.',
    );
  });
});

describe('narrowValidation', () => {
  it('keeps the base when there is no override', () => {
    expect(narrowValidation({ kind: 'enum', values: ['a'] }, null)).toEqual({ kind: 'enum', values: ['a'] });
    expect(narrowValidation({ kind: 'enum', values: ['a'] }, { kind: 'none' })).toEqual({
      kind: 'enum',
      values: ['a'],
    });
  });
  it('takes a narrowing override', () => {
    expect(narrowValidation({ kind: 'enum', values: ['a', 'b'] }, { kind: 'enum', values: ['b'] }, 'string')).toEqual({
      kind: 'enum',
      values: ['b'],
    });
  });
  it('combines bounds so a missing bound keeps the attribute’s', () => {
    expect(narrowValidation({ kind: 'range', min: 0, max: 100 }, { kind: 'range', max: 10 }, 'number')).toEqual({
      kind: 'range',
      min: 0,
      max: 10,
    });
    expect(narrowValidation({ kind: 'length', minLength: 1 }, { kind: 'length', maxLength: 8 }, 'string')).toEqual({
      kind: 'length',
      minLength: 1,
      maxLength: 8,
    });
  });
  it('keeps the base when the override widens', () => {
    expect(narrowValidation({ kind: 'range', max: 10 }, { kind: 'range', max: 20 }, 'number')).toEqual({
      kind: 'range',
      max: 10,
    });
  });
});
