import { colors } from '@tracemap/ui';

// In the page flow above the header rather than floating, so it never covers what a visitor clicks.
export const consentCss = `
.sh-consent{display:flex;gap:16px;align-items:center;justify-content:space-between;flex-wrap:wrap;background:${colors.surface};border-bottom:1px solid ${colors.border};padding:10px 24px;font-size:.9rem}
.sh-consent p{margin:0;flex:1 1 320px;color:${colors.text}}
.sh-consent__actions{display:flex;gap:8px}
`;
