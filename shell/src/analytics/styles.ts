import { below, colors } from '@tracemap/ui';

// Stuck to the bottom of the screen but placed after the page in the flow: it never moves the
// page's content (which would undo the static first paint), and at the end of a page it sits
// below the footer instead of covering it. Its right side (its bottom strip on phones) stays
// empty for the floating support buttons.
export const consentCss = `
.sh-consent{position:sticky;bottom:0;z-index:20;display:flex;gap:12px 16px;align-items:center;flex-wrap:wrap;background:#fff;border-top:1px solid ${colors.border};box-shadow:0 -8px 24px rgba(15,23,42,.08);padding:10px 272px 10px 24px;font-size:.9rem}
.sh-consent p{margin:0;flex:1 1 280px;color:${colors.text}}
.sh-consent__actions{display:flex;gap:8px;order:-1}
${below('xs')}{.sh-consent{padding:10px 16px 64px}}
`;
