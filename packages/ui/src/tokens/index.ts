/** Design tokens shared by every Tracemap app. */
export const colors = {
  primary: '#16a34a',
  primaryDark: '#15803d',
  primaryLight: '#dcfce7',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  surface: '#f8fafc',
  danger: '#b91c1c',
  warningBg: '#fef9c3',
} as const;

/** Layout breakpoints in px: xs 600, sm 960, md 1000, lg 1600; mobile below 1200. */
export const breakpoints = {
  xs: 600,
  sm: 960,
  md: 1000,
  lg: 1600,
  mobile: 1200,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** `@media` query for widths up to (not including) the breakpoint. */
export function below(bp: Breakpoint): string {
  return `@media (max-width: ${breakpoints[bp] - 1}px)`;
}

/** `@media` query for widths from the breakpoint up. */
export function above(bp: Breakpoint): string {
  return `@media (min-width: ${breakpoints[bp]}px)`;
}

export const radius = { sm: '6px', md: '10px', lg: '16px' } as const;
export const maxContentWidth = 1160;
