import { describeMismatches, releaseMismatches, sharedContractOf } from '../src/remote-compatibility';

const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.18.5', '@tracemap/shell-core': '0.0.0' };

test('a manifest names each shared package once, with its range and its built version', () => {
  const contract = sharedContractOf({
    shared: [
      { name: 'react-dom/client', version: '19.3.1', requiredVersion: '^19.1.0' },
      { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.1.0' },
      { name: '@tracemap/shell-core', version: '0.0.0', requiredVersion: '*' },
      { name: 'zustand', version: '5.1.0', requiredVersion: false },
    ],
  });
  expect(contract.expects).toEqual({ 'react-dom': '^19.1.0', '@tracemap/shell-core': '^0.0.0', zustand: '^5.1.0' });
  expect(contract.provides).toEqual({ 'react-dom': '19.3.1', '@tracemap/shell-core': '0.0.0', zustand: '5.1.0' });
});

test('a remote whose ranges the shell satisfies has no mismatch', () => {
  expect(releaseMismatches(SHELL, { react: '^19.1.0', '@tracemap/shell-core': '^0.0.0' })).toEqual([]);
});

test('a newer shell-core, another React major and a package the shell lacks are each named', () => {
  const mismatches = releaseMismatches(SHELL, {
    '@tracemap/shell-core': '^0.1.0',
    react: '^18.2.0',
    'react-router': '^7.9.0',
    zustand: '^5.0.8',
  });
  expect(mismatches).toEqual([
    { package: '@tracemap/shell-core', expected: '^0.1.0', provided: '0.0.0' },
    { package: 'react', expected: '^18.2.0', provided: '19.3.1' },
    { package: 'zustand', expected: '^5.0.8', provided: null },
  ]);
  expect(describeMismatches('mfe_company', mismatches)).toBe(
    'mfe_company is not compatible with the current shell: it expects @tracemap/shell-core ^0.1.0 (the shell provides 0.0.0), react ^18.2.0 (the shell provides 19.3.1), zustand ^5.0.8 (the shell provides none).',
  );
});

test('a version the shell reports that is not semver never passes', () => {
  expect(releaseMismatches({ react: 'latest' }, { react: '*' })).toEqual([
    { package: 'react', expected: '*', provided: 'latest' },
  ]);
});
