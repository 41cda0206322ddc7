/**
 * The one list of the product's micro-frontends. Everything else is derived from it: the webpack
 * builds (federation name, dev port, exposed modules), the gateway's remotes registry and the
 * pages it knows, the shell's routes and who owns which path, the development registry, and the
 * page types below. Adding a remote is one entry here (a constant, listed in `MICRO_FRONTENDS`)
 * plus its `mfe-*` folder.
 *
 * Written in TypeScript with `as const` so app names stay literal types; the plain-JS webpack
 * configs read this same file (see packages/webpack-config/micro-frontends.js). It imports
 * nothing on purpose, so it loads anywhere without the rest of the package.
 */

/** Who may see a route's pages; the shell puts the matching guard in front of the remote. */
export type RouteAccess = 'signed-in' | 'admin';

/** One module a remote exposes and the part of the site it renders. */
export interface ExposedRoutes {
  /** Federation module name, e.g. "./routes". */
  module: string;
  /** Source file, relative to the remote's folder. */
  file: string;
  /** Human name of the area, shown when the remote cannot be loaded. */
  label: string;
  /** Every page it renders (path patterns with `:params`); the gateway answers 404 for others. */
  pages: readonly string[];
  /**
   * Where the shell mounts it: its own routes are relative to this path, and every path beneath
   * it is its own (it shows its own not-found page there). Without one it is mounted at `/` and
   * owns its pages only, plus everything beneath its `prefixes`.
   */
  base?: string;
  /** For a module mounted at `/`: prefixes under which every path is its own (`/account` takes `/account/**`). */
  prefixes?: readonly string[];
  access?: RouteAccess;
  /** Rendered without the shell's header and footer. */
  bare?: boolean;
  /** Its build writes static HTML for its pages, which the gateway sends ahead of the app. */
  prerendered?: boolean;
}

export interface MicroFrontend {
  /** Federation name, e.g. "mfe_company". */
  name: string;
  /** Folder at the repository root, `mfe-*` (also the app name pages report). */
  folder: string;
  /** Human name, used in the title of its standalone development page. */
  label: string;
  /** Port of its development server. */
  port: number;
  exposes: readonly ExposedRoutes[];
}

// One constant per remote, so a remote's build that reads its own entry carries only that entry.
export const MFE_MARKETING = {
  name: 'mfe_marketing',
  folder: 'mfe-marketing',
  label: 'Marketing',
  port: 3001,
  exposes: [
    {
      module: './routes',
      file: './src/routes/index.tsx',
      label: 'Tracemap website',
      pages: [
        '/',
        '/cdp',
        '/demo',
        '/agency',
        '/contact',
        '/pricing',
        '/roadmap',
        '/about-us',
        '/blog',
        '/blog/:slug',
        '/learning',
        '/learning/cdp',
        '/learning/cdp/:slug',
        '/learning/core',
        '/learning/core/:slug',
        '/privacy-policy',
        '/terms-of-service',
      ],
      prerendered: true,
    },
  ],
} as const satisfies MicroFrontend;

export const MFE_AUTH = {
  name: 'mfe_auth',
  folder: 'mfe-auth',
  label: 'Auth',
  port: 3002,
  exposes: [
    {
      module: './routes',
      file: './src/routes/index.tsx',
      label: 'Sign-in',
      pages: [
        '/login',
        '/register',
        '/forgot-password',
        '/reset-password/:id',
        '/confirm-email/:id',
        '/confirm-email',
        '/invitation/:id',
        '/auth/popup-close',
      ],
    },
    {
      module: './account',
      file: './src/account-routes/index.tsx',
      label: 'Your account',
      pages: ['/account'],
      base: '/account',
      access: 'signed-in',
    },
  ],
} as const satisfies MicroFrontend;

export const MFE_COMPANY = {
  name: 'mfe_company',
  folder: 'mfe-company',
  label: 'Company',
  port: 3003,
  exposes: [
    {
      module: './routes',
      file: './src/routes/index.tsx',
      label: 'Company',
      pages: [
        '/company',
        '/company/create',
        '/company/slack',
        '/company/:companyId',
        '/company/:companyId/users',
        '/company/:companyId/settings',
        '/company/:companyId/settings/destinations',
        '/company/:companyId/maps',
        '/company/:companyId/maps/:mapId',
        '/company/:companyId/proposals',
        '/company/:companyId/proposals/:proposalId',
        '/company/:companyId/plan-versions',
        '/company/:companyId/subscription',
        '/company/:companyId/views',
        '/company/:companyId/views/:viewId',
        '/company/:companyId/attributes',
        '/company/:companyId/attributes/:attributeId',
        '/company/:companyId/events',
        '/company/:companyId/events/:eventId',
        '/company/:companyId/analytics-discovery',
        '/company/:companyId/assistant',
      ],
      base: '/company',
      access: 'signed-in',
    },
    {
      module: './map-preview',
      file: './src/map-preview-routes/index.tsx',
      label: 'Map preview',
      pages: ['/map-preview/:mapId'],
      base: '/map-preview',
      bare: true,
    },
  ],
} as const satisfies MicroFrontend;

export const MFE_ADMIN = {
  name: 'mfe_admin',
  folder: 'mfe-admin',
  label: 'Admin',
  port: 3004,
  exposes: [
    {
      module: './routes',
      file: './src/routes/index.tsx',
      label: 'Admin',
      pages: [
        '/admin',
        '/admin/email',
        '/admin/roadmap',
        '/admin/debug-test',
        '/admin/create-user',
        '/admin/create-company',
      ],
      base: '/admin',
      access: 'admin',
    },
  ],
} as const satisfies MicroFrontend;

export const MICRO_FRONTENDS = [
  MFE_MARKETING,
  MFE_AUTH,
  MFE_COMPANY,
  MFE_ADMIN,
] as const satisfies readonly MicroFrontend[];

/** The folder of a micro-frontend, which is also the app a page reports as its owner. */
export type AppName = (typeof MICRO_FRONTENDS)[number]['folder'];
/** A micro-frontend's federation name. */
export type RemoteName = (typeof MICRO_FRONTENDS)[number]['name'];
