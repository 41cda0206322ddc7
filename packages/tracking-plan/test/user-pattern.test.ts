import {
  compileUserPattern,
  matchesUserPattern,
  USER_PATTERN_CACHE_LIMIT,
  userPatternCacheSize,
  userPatternError,
} from '../src/user-pattern';

const hostileInput = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!';

describe('matchesUserPattern', () => {
  it('searches the value the way a JSON Schema pattern does (unanchored unless the pattern anchors)', () => {
    expect(matchesUserPattern('^[A-Z]{3}$', 'EUR')).toBe(true);
    expect(matchesUserPattern('^[A-Z]{3}$', 'EURO')).toBe(false);
    expect(matchesUserPattern('b', 'abc')).toBe(true);
    expect(matchesUserPattern('^b', 'abc')).toBe(false);
    expect(matchesUserPattern('^\\+[1-9]\\d{6,14}$', '+4915112345678')).toBe(true);
    expect(matchesUserPattern('a$', 'a\n')).toBe(false);
  });

  it('gives the right answer for patterns that make a backtracking engine explode', () => {
    expect(matchesUserPattern('(a+)+$', hostileInput)).toBe(false);
    expect(matchesUserPattern('(a+)+$', 'aaaa')).toBe(true);
    expect(matchesUserPattern('(x+x+)+y', 'x'.repeat(40))).toBe(false);
    expect(matchesUserPattern('(x+x+)+y', `${'x'.repeat(40)}y`)).toBe(true);
    expect(matchesUserPattern('(.*a){12}', `${'a'.repeat(11)}${'b'.repeat(40)}`)).toBe(false);
    expect(matchesUserPattern('(.*a){12}', 'a'.repeat(12))).toBe(true);
  });

  it('reads the JavaScript spellings users write', () => {
    expect(matchesUserPattern('^\\u0041$', 'A')).toBe(true);
    expect(matchesUserPattern('^\\/path$', '/path')).toBe(true);
    expect(matchesUserPattern('^(?<year>\\d{4})-\\d{2}$', '2024-05')).toBe(true);
    expect(matchesUserPattern('[(?=]', '=')).toBe(true);
  });

  it('answers false for a pattern that does not compile instead of throwing', () => {
    expect(matchesUserPattern('(a)\\1', 'aa')).toBe(false);
    expect(matchesUserPattern('([a-z', 'a')).toBe(false);
  });
});

describe('userPatternError', () => {
  it('accepts patterns both engines read', () => {
    for (const pattern of [
      '^[A-Z]{3}$',
      '^\\d+(\\.\\d+)?$',
      '[(?=]',
      '\\\\1',
      '(?:a|b)',
      '(a+)+$',
      '(x+x+)+y',
      '(.*a){12}',
    ]) {
      expect(userPatternError(pattern)).toBeNull();
    }
  });

  it.each(['(a)\\1', '(?<x>a)\\k<x>', '(a)(b)\\2'])(
    'refuses the backreference in %p, naming the pattern',
    (pattern) => {
      expect(userPatternError(pattern)).toBe(
        `The pattern "${pattern}" uses a backreference, which RE2 syntax does not support.`,
      );
    },
  );

  it.each(['^(?=.*\\d)', '(?!foo)', '(?<=a)b', '(?<!a)b'])(
    'refuses the lookaround in %p, naming the pattern',
    (pattern) => {
      expect(userPatternError(pattern)).toBe(
        `The pattern "${pattern}" uses lookaround, which RE2 syntax does not support.`,
      );
    },
  );

  it('says why a pattern does not compile', () => {
    expect(userPatternError('([a-z')).toBe(
      'The pattern "([a-z" does not compile: /([a-z/: Unterminated character class.',
    );
    expect(userPatternError('(?i)abc')).toBe('The pattern "(?i)abc" does not compile: /(?i)abc/: Invalid group.');
    expect(userPatternError('a{2000}')).toBe(
      'The pattern "a{2000}" uses syntax RE2 does not support: invalid repeat count {2000}.',
    );
  });
});

describe('compileUserPattern', () => {
  it('compiles a pattern once and keeps a bounded number of them', () => {
    const first = compileUserPattern('^cached-[0-9]+$');
    expect(compileUserPattern('^cached-[0-9]+$')).toBe(first);
    for (let i = 0; i < USER_PATTERN_CACHE_LIMIT + 50; i++) compileUserPattern(`^bulk-${i}$`);
    expect(userPatternCacheSize()).toBe(USER_PATTERN_CACHE_LIMIT);
    expect(matchesUserPattern(`^bulk-${USER_PATTERN_CACHE_LIMIT + 49}$`, `bulk-${USER_PATTERN_CACHE_LIMIT + 49}`)).toBe(
      true,
    );
  });
});
