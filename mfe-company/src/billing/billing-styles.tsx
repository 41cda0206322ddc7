import { colors, radius } from '@tracemap/ui';

const css = `
.bi-badge{display:inline-block;padding:4px 12px;border-radius:999px;font-weight:600;font-size:.9rem;border:1px solid transparent}
.bi-badge--ok{background:${colors.primaryLight};color:${colors.primaryDark};border-color:${colors.primary}}
.bi-badge--info{background:#e0f2fe;color:#075985;border-color:#7dd3fc}
.bi-badge--warning{background:${colors.warningBg};color:#854d0e;border-color:#fde047}
.bi-badge--danger{background:#fef2f2;color:${colors.danger};border-color:#fecaca}
.bi-facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:12px;margin:16px 0}
.bi-facts div{border:1px solid ${colors.border};border-radius:${radius.md};padding:12px 16px}
.bi-facts dt{color:${colors.muted};font-size:.85rem}
.bi-facts dd{margin:4px 0 0;font-weight:600}
.bi-plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:12px;margin:16px 0}
.bi-plan{border:1px solid ${colors.border};border-radius:${radius.md};padding:16px;display:flex;flex-direction:column;gap:8px;background:#fff}
.bi-plan[data-selected="true"]{border-color:${colors.primary};box-shadow:0 0 0 2px ${colors.primaryLight}}
.bi-plan h3{margin:0}
.bi-plan ul{margin:0;padding-left:18px;flex:1}
.bi-price{font-size:1.5rem;font-weight:700}
.bi-price small{font-size:.9rem;font-weight:400;color:${colors.muted}}
.bi-current{color:${colors.primaryDark};font-weight:600}
.bi-dialog{border:1px solid ${colors.border};border-radius:${radius.md};padding:16px 20px;background:${colors.surface};margin:12px 0}
.bi-total td{font-weight:700}
`;

export function BillingStyles() {
  return (
    <style href="tracemap-billing" precedence="default">
      {css}
    </style>
  );
}
