import { below, colors, radius } from '@tracemap/ui';

const css = `
.ad-kpis{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;margin:16px 0}
.ad-kpi{border:1px solid ${colors.border};border-radius:${radius.md};padding:12px 16px;background:#fff}
.ad-kpi strong{display:block;font-size:1.6rem}
.ad-kpi span{color:${colors.muted};font-size:.9rem}
.ad-sev{display:flex;gap:10px;flex-wrap:wrap;margin-top:4px}
.ad-sev b{font-size:1.3rem}
.ad-tabs{display:flex;gap:4px;border-bottom:1px solid ${colors.border};margin:16px 0}
.ad-tabs button{font:inherit;background:none;border:none;border-bottom:2px solid transparent;padding:8px 12px;cursor:pointer;color:${colors.text}}
.ad-tabs button[aria-selected=true]{color:${colors.primaryDark};border-bottom-color:${colors.primary}}
.ad-split{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);gap:16px;align-items:start}
${below('sm')}{.ad-split{grid-template-columns:1fr}}
.ad-row-button{font:inherit;background:none;border:none;padding:0;text-align:left;cursor:pointer;color:${colors.primaryDark};font-weight:600;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.tp-row[aria-selected=true]{background:${colors.primaryLight}}
.ad-match{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.8rem;border:1px solid ${colors.border}}
.ad-match--matched{background:${colors.primaryLight};border-color:${colors.primaryLight};color:${colors.primaryDark}}
.ad-match--unplanned{background:${colors.warningBg};border-color:${colors.warningBg}}
.ad-match--planned_unseen{background:#f1f5f9;color:${colors.muted}}
.ad-matrix{width:100%;border-collapse:collapse}
.ad-matrix th,.ad-matrix td{text-align:left;padding:6px 8px;border-bottom:1px solid ${colors.border};vertical-align:top;font-size:.9rem}
.ad-matrix th{font-size:.8rem;color:${colors.muted}}
.ad-bar{display:flex;height:8px;border-radius:4px;overflow:hidden;background:${colors.border};margin:2px 0 4px;min-width:120px}
.ad-bar span{display:block;height:100%}
.ad-bar-text{font-size:.8rem;color:${colors.muted}}
.ad-type-0{background:${colors.primary}}
.ad-type-1{background:#f59e0b}
.ad-type-2{background:#6366f1}
.ad-type-3{background:#ec4899}
.ad-type-4{background:#64748b}
.ad-presence{font-variant-numeric:tabular-nums}
.ad-sev-badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.8rem}
.ad-sev-badge--high{background:#fee2e2;color:${colors.danger}}
.ad-sev-badge--medium{background:${colors.warningBg};color:#854d0e}
.ad-sev-badge--low{background:#f1f5f9;color:${colors.muted}}
.ad-findings{width:100%;border-collapse:collapse}
.ad-findings th,.ad-findings td{text-align:left;padding:8px;border-bottom:1px solid ${colors.border};vertical-align:top;font-size:.9rem}
.ad-findings th{font-size:.8rem;color:${colors.muted};text-transform:uppercase;letter-spacing:.04em}
.ad-findings .co-actions{flex-wrap:nowrap}
.ad-table-wrap{overflow-x:auto}
.ad-progress{width:100%;max-width:420px}
.ad-snippet{background:${colors.text};color:#e2e8f0;border-radius:${radius.sm};padding:12px 16px;overflow:auto;font-size:.85rem;margin:8px 0 0;white-space:pre}
.ad-url{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.ad-url code{padding:6px 10px;background:${colors.surface};border:1px solid ${colors.border};border-radius:${radius.sm};word-break:break-all}
.ad-errors{margin:4px 0 0;padding-left:18px;font-size:.85rem}
.ad-small{padding:4px 10px;font-size:.85rem}
`;

/** Styles of the discovery pages; hoisted and de-duplicated by href like the other company styles. */
export function DiscoveryStyles() {
  return (
    <style href="tracemap-analytics-discovery" precedence="default">
      {css}
    </style>
  );
}
