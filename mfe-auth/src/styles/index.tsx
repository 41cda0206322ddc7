import { colors, radius } from '@tracemap/ui';

const css = `
.au-card{max-width:440px;margin:0 auto;padding:32px;border:1px solid ${colors.border};border-radius:${radius.md};background:#fff}
.au-card h1{font-size:1.6rem}
.au-wide{max-width:720px}
.au-intro{margin-top:0}
.au-form{display:flex;flex-direction:column;gap:16px;margin:16px 0}
.au-field{display:flex;flex-direction:column;gap:4px}
.au-field label{font-weight:600}
.au-field input{font:inherit;padding:10px 12px;border:1px solid ${colors.border};border-radius:${radius.sm}}
.au-field input:focus{outline:2px solid ${colors.primary};outline-offset:1px}
.au-field input[aria-invalid="true"]{border-color:${colors.danger}}
.au-error{color:${colors.danger};margin:0;font-size:.9rem}
.au-hint{color:${colors.muted};margin:0;font-size:.85rem}
.au-status{padding:10px 12px;border-radius:${radius.sm};margin:8px 0}
.au-status--error{background:#fee2e2;color:${colors.danger}}
.au-status--ok{background:${colors.primaryLight};color:${colors.primaryDark}}
.au-status-empty{display:contents}
.au-links{display:flex;gap:16px;flex-wrap:wrap;font-size:.95rem}
.au-section{border-top:1px solid ${colors.border};padding:24px 0}
.au-section:first-of-type{border-top:0}
.au-section h2{font-size:1.2rem;margin:0 0 8px}
.au-row{display:flex;gap:16px;flex-wrap:wrap}
.au-row>.au-field{flex:1 1 180px}
.au-qr{display:block;width:200px;height:200px;border:1px solid ${colors.border};border-radius:${radius.sm};background:#fff}
.au-secret{font-family:ui-monospace,monospace;word-break:break-all}
.au-check{display:flex;gap:8px;align-items:center}
.au-field select{font:inherit;padding:10px 12px;border:1px solid ${colors.border};border-radius:${radius.sm};background:#fff}
.au-tokens{list-style:none;padding:0;margin:8px 0}
.au-tokens li{display:flex;justify-content:space-between;align-items:center;gap:16px;padding:8px 0;border-bottom:1px solid ${colors.border}}
.au-token-new p{margin:4px 0}
`;

export function AuthStyles() {
  return (
    <style href="mfe-auth" precedence="default">
      {css}
    </style>
  );
}
