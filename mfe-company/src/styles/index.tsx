import { colors, radius } from '@tracemap/ui';

const css = `
.co-page{padding-top:32px;padding-bottom:64px}
.co-page h1{margin:0 0 8px;font-size:1.75rem}
.co-muted{color:${colors.muted}}
.co-error{color:${colors.danger};background:#fef2f2;border:1px solid #fecaca;border-radius:${radius.sm};padding:8px 12px}
.co-ok{color:${colors.primaryDark};background:${colors.primaryLight};border-radius:${radius.sm};padding:8px 12px}
.co-card{border:1px solid ${colors.border};border-radius:${radius.md};padding:16px 20px;background:#fff;margin:16px 0}
.co-list{list-style:none;padding:0;margin:16px 0;display:grid;gap:8px}
.co-list li{display:flex;justify-content:space-between;align-items:center;gap:12px;border:1px solid ${colors.border};border-radius:${radius.sm};padding:12px 16px}
.co-role{display:inline-block;padding:2px 8px;border-radius:999px;background:${colors.surface};border:1px solid ${colors.border};font-size:.85rem}
.co-form{display:grid;gap:12px;max-width:520px}
.co-form label{display:grid;gap:4px;font-weight:600}
.co-form input,.co-form select,.co-table select{font:inherit;padding:8px 10px;box-sizing:border-box;min-width:0;border:1px solid ${colors.border};border-radius:${radius.sm}}
.co-form--row{grid-template-columns:repeat(auto-fit,minmax(160px,1fr));max-width:none;align-items:end}
.co-form--row input,.co-form--row select{width:100%}
.co-table{width:100%;border-collapse:collapse;margin:12px 0}
.co-table th,.co-table td{text-align:left;padding:8px;border-bottom:1px solid ${colors.border};vertical-align:middle}
.co-actions{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.co-counts{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:16px 0}
.co-counts div{border:1px solid ${colors.border};border-radius:${radius.md};padding:12px 16px}
.co-counts strong{display:block;font-size:1.5rem}
.co-title-row{display:flex;justify-content:space-between;align-items:center;gap:8px;margin-top:16px}
.co-nav{display:flex;gap:4px;flex-wrap:wrap;padding-top:16px;border-bottom:1px solid ${colors.border}}
.co-nav a{padding:8px 12px;text-decoration:none;color:${colors.text};border-bottom:2px solid transparent}
.co-nav a.active{color:${colors.primaryDark};border-bottom-color:${colors.primary}}
.co-checklist li{justify-content:flex-start}
.co-btn-danger{border-color:${colors.danger};background:#fff;color:${colors.danger}}
.co-sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.co-btn-danger:hover{background:#fef2f2}
.co-side-by-side{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.co-side-by-side pre{overflow:auto;max-height:360px;background:${colors.surface};padding:8px;border-radius:${radius.sm}}
.co-diff-list{list-style:none;padding:0;margin:0;display:grid;gap:12px}
.co-title-actions{display:flex;gap:12px;align-items:center}
.co-proposal-select select{font:inherit;padding:4px 8px;border:1px solid ${colors.border};border-radius:${radius.sm}}
.co-proposal-banner{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:12px 0 0}
`;

export function CompanyStyles() {
  return (
    <style href="tracemap-company" precedence="default">
      {css}
    </style>
  );
}
