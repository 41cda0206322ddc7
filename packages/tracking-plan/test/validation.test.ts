import { validationIssues, validationProblems } from '../src/validation';

describe('validationProblems', () => {
  it('accepts a plain none validation on any type', () => {
    for (const type of ['string', 'integer', 'object', 'array', 'any'] as const) {
      expect(validationProblems({ kind: 'none' }, type)).toEqual([]);
    }
  });

  it('accepts well-formed validations', () => {
    expect(validationProblems({ kind: 'enum', values: ['a', 'b'] }, 'string')).toEqual([]);
    expect(validationProblems({ kind: 'regex', pattern: '^[A-Z]{3}$' }, 'string')).toEqual([]);
    expect(validationProblems({ kind: 'range', min: 0 }, 'number')).toEqual([]);
    expect(validationProblems({ kind: 'length', maxLength: 10 }, 'string')).toEqual([]);
    expect(validationProblems({ kind: 'format', format: 'email' }, 'string')).toEqual([]);
    expect(validationProblems({ kind: 'const', const: 1 }, 'integer')).toEqual([]);
  });

  it('names fields the kind does not use', () => {
    expect(validationProblems({ kind: 'range', min: 1, values: ['a'] }, 'number')).toEqual([
      'A range validation does not use "values".',
    ]);
    expect(validationProblems({ kind: 'none', pattern: 'x' }, 'string')).toEqual([
      'A none validation does not use "pattern".',
    ]);
  });

  it('names missing fields', () => {
    expect(validationProblems({ kind: 'enum' }, 'string')).toEqual(['An enum validation needs at least one value.']);
    expect(validationProblems({ kind: 'regex' }, 'string')).toEqual(['A regex validation needs a pattern.']);
    expect(validationProblems({ kind: 'range' }, 'integer')).toEqual([
      'A range validation needs a minimum, a maximum or both.',
    ]);
    expect(validationProblems({ kind: 'length' }, 'string')).toEqual([
      'A length validation needs a minimum length, a maximum length or both.',
    ]);
    expect(validationProblems({ kind: 'format' }, 'string')).toEqual(['A format validation needs a format.']);
    expect(validationProblems({ kind: 'const' }, 'string')).toEqual(['A const validation needs a value.']);
  });

  it('refuses a kind that does not fit the type', () => {
    expect(validationProblems({ kind: 'range', min: 0 }, 'string')).toEqual([
      'A range validation does not apply to a string.',
    ]);
    expect(validationProblems({ kind: 'length', minLength: 1 }, 'integer')).toEqual([
      'A length validation does not apply to an integer.',
    ]);
    expect(validationProblems({ kind: 'regex', pattern: 'a' }, 'boolean')).toContain(
      'A regex validation does not apply to a boolean.',
    );
  });

  it('checks an array against its item type', () => {
    expect(validationProblems({ kind: 'enum', values: ['a'] }, 'array', 'string')).toEqual([]);
    expect(validationProblems({ kind: 'range', min: 1 }, 'array', 'string')).toEqual([
      'A range validation does not apply to an array of string.',
    ]);
  });

  it('reports a pattern that does not compile', () => {
    const [problem] = validationProblems({ kind: 'regex', pattern: '([a-z' }, 'string');
    expect(problem).toBe('The pattern "([a-z" does not compile: /([a-z/: Unterminated character class.');
  });

  it('refuses a pattern RE2 cannot run in linear time, naming it', () => {
    expect(validationProblems({ kind: 'regex', pattern: '(a)\\1' }, 'string')).toEqual([
      'The pattern "(a)\\1" uses a backreference, which RE2 syntax does not support.',
    ]);
    expect(validationProblems({ kind: 'regex', pattern: '(a+)+$' }, 'string')).toEqual([]);
  });

  it('reports min above max', () => {
    expect(validationProblems({ kind: 'range', min: 5, max: 3 }, 'number')).toEqual([
      'The minimum (5) is greater than the maximum (3).',
    ]);
    expect(validationProblems({ kind: 'length', minLength: 5, maxLength: 3 }, 'string')).toEqual([
      'The minimum length (5) is greater than the maximum length (3).',
    ]);
  });

  it('reports empty, duplicate and mistyped enum values', () => {
    expect(validationProblems({ kind: 'enum', values: [] }, 'string')).toEqual([
      'An enum validation needs at least one value.',
    ]);
    expect(validationProblems({ kind: 'enum', values: ['a', ' '] }, 'string')).toEqual([
      'Enum values may not be empty.',
    ]);
    expect(validationProblems({ kind: 'enum', values: ['a', 'b', 'a', 'a'] }, 'string')).toEqual([
      'The enum value "a" appears more than once.',
    ]);
    expect(validationProblems({ kind: 'enum', values: [1, 2.5] }, 'integer')).toEqual([
      'The enum value 2.5 is not an integer.',
    ]);
    expect(validationProblems({ kind: 'const', const: 'x' }, 'number')).toEqual(['The constant "x" is not a number.']);
  });

  it('files each problem under a topic', () => {
    expect(validationIssues({ kind: 'enum', values: [] }, 'string')[0].topic).toBe('enum');
    expect(validationIssues({ kind: 'regex', pattern: '(' }, 'string')[0].topic).toBe('regex');
    expect(validationIssues({ kind: 'range', min: 2, max: 1 }, 'number')[0].topic).toBe('shape');
  });
});

describe('validationProblems on data from outside', () => {
  it('reports an unknown kind instead of failing', () => {
    expect(validationProblems({ kind: 'between' } as never, 'number')).toEqual(['"between" is not a validation kind.']);
  });
});
