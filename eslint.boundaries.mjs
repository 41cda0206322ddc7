// Import boundaries between workspaces and layers, for the root lint configuration.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Each workspace lints with `eslint .` from its own folder, so zones are written from the root.
const ROOT = import.meta.dirname;

const folders = (dir, match = () => true) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && match(entry.name))
    .map((entry) => path.posix.join(dir, entry.name));

const SERVICES = folders('services');
const REMOTES = folders('.', (name) => name.startsWith('mfe-')).map((dir) => dir.replace(/^\.\//, ''));
const COMPANY_FEATURES = ['companies', 'members', 'invitations', 'admin', 'tracking-plan', 'billing'].map(
  (feature) => `services/company/src/${feature}`,
);

const otherThan = (list, self) => list.filter((dir) => dir !== self).map((dir) => `./${dir}`);

const PACKAGES_ZONE = {
  target: './packages',
  from: ['./services', './shell', ...REMOTES.map((dir) => `./${dir}`), './infra'],
  message: 'Packages are shared by every app, so they never depend on a service, the shell, a remote or infra.',
};

// A service's tests may start a peer through the peer's package exports; its code may not.
const serviceZone = (service) => ({
  target: [`${service}/*`, `${service}/!(test)/**`],
  from: [...otherThan(SERVICES, service), './shell', ...REMOTES.map((dir) => `./${dir}`)],
  message: 'A service reaches another service over HTTP, never through its code; shared code goes in a package.',
});

// The marketing build renders its pages inside the shell's layout once, in Node, before they are
// served; that step may use the shell's published render entry, and nothing else of the shell.
const PRERENDER = 'mfe-*/src/prerender/**';
const OUTSIDE_PRERENDER = ['mfe-*/*', 'mfe-*/!(src)/**', 'mfe-*/src/*', 'mfe-*/src/!(prerender)/**'];

const remoteZones = (remote) => [
  {
    target: `./${remote}`,
    from: otherThan(REMOTES, remote),
    message: 'Remotes are loaded at runtime and never import each other; shared code goes in a package.',
  },
];

const REMOTE_SHELL_ZONES = [
  {
    target: OUTSIDE_PRERENDER,
    from: './shell',
    message: 'A remote runs inside the shell it is given at runtime and never imports it.',
  },
  {
    target: PRERENDER,
    from: './shell',
    except: ['./src/server/render-app.tsx'],
    message: 'Prerendering may use only the shell render entry, @tracemap/shell/render-app.',
  },
];

const SHELL_ZONE = {
  target: './shell',
  from: REMOTES.map((dir) => `./${dir}`),
  message: 'The shell loads remotes at runtime from /remotes.json, never from their code.',
};

const COMPANY_CORE_ZONE = {
  target: './services/company/src/core',
  from: COMPANY_FEATURES.map((dir) => `./${dir}`),
  message: "The company service's core is what every feature builds on, so it never imports a feature.",
};

const ZONES = [
  PACKAGES_ZONE,
  ...SERVICES.map(serviceZone),
  ...REMOTES.flatMap(remoteZones),
  ...REMOTE_SHELL_ZONES,
  SHELL_ZONE,
  COMPANY_CORE_ZONE,
];

const NO_SOURCE_MESSAGE = 'Import what the package\'s package.json "exports" lists, not its src/ files.';
const NO_SOURCE_IMPORTS = {
  patterns: [{ group: ['@tracemap/*/src', '@tracemap/*/src/**'], message: NO_SOURCE_MESSAGE }],
};
// no-restricted-imports sees only static imports; import() and require() are checked here.
const SOURCE_PATH = String.raw`/^@tracemap\u002F[^\u002F]+\u002Fsrc(\u002F|$)/`;
const NO_SOURCE_CALLS = [
  { selector: `ImportExpression[source.value=${SOURCE_PATH}]`, message: NO_SOURCE_MESSAGE },
  {
    selector: `CallExpression[callee.name='require'] > Literal.arguments[value=${SOURCE_PATH}]`,
    message: NO_SOURCE_MESSAGE,
  },
];

export default [
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // One tsconfig per workspace, on purpose: each file is resolved with its own workspace's.
          noWarnOnMultipleProjects: true,
          project: ['tsconfig.json', '*/tsconfig.json', 'services/*/tsconfig.json', 'packages/*/tsconfig.json'].map(
            (pattern) => path.posix.join(ROOT, pattern),
          ),
        }),
      ],
    },
    rules: {
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
      'no-restricted-imports': ['error', NO_SOURCE_IMPORTS],
      'no-restricted-syntax': ['error', ...NO_SOURCE_CALLS],
    },
  },
];
