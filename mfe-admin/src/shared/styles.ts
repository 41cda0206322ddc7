import { colors } from '@tracemap/ui';

export const adminCss = `
.adm-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:12px;margin:16px 0}
.adm-card{border:1px solid ${colors.border};border-radius:10px;padding:12px 14px;background:#fff}
.adm-card h3{margin:0 0 4px;font-size:.85rem;color:${colors.muted};font-weight:600}
.adm-big{font-size:1.6rem;font-weight:700}
.adm-chart{color:${colors.primary};display:block;margin-top:6px}
.adm-section{margin:24px 0}
.adm-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.adm-table{width:100%;border-collapse:collapse;font-size:.9rem}
.adm-table th,.adm-table td{border-bottom:1px solid ${colors.border};padding:6px 8px;text-align:left;vertical-align:top}
.adm-panel{border:1px solid ${colors.border};border-radius:10px;padding:12px 16px;margin-top:12px;background:${colors.surface}}
.adm-ok{color:${colors.primaryDark}}
.adm-error{color:${colors.danger}}
.adm-muted{color:${colors.muted};font-size:.85rem}
.adm-input{padding:8px;border:1px solid ${colors.border};border-radius:6px;font:inherit}
.adm-form{display:grid;gap:10px;max-width:520px}
.adm-form label{display:grid;gap:4px;font-weight:600}
.adm-nav{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0 16px}
.adm-pre{white-space:pre-wrap;background:#fff;border:1px solid ${colors.border};padding:8px;border-radius:6px;max-height:320px;overflow:auto}
`;
