import { below, colors, radius } from '@tracemap/ui';

// The save bar sticks just under the shell's sticky header (64px and its border); on narrow
// screens that header grows with its wrapped links, so the bar stays in the flow there.
const css = `
.tp-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;flex-wrap:wrap}
.tp-head h1{margin:0}
.tp-count{color:${colors.muted};margin:4px 0 0}
.tp-toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:16px 0 8px}
.tp-toolbar label{display:grid;gap:2px;font-size:.85rem;color:${colors.muted}}
.tp-toolbar input[type=search]{min-width:260px}
.tp-toolbar input,.tp-toolbar select,.tp-input{font:inherit;padding:7px 10px;border:1px solid ${colors.border};border-radius:${radius.sm};background:#fff;color:${colors.text};min-width:0}
.tp-toolbar .tp-check{display:flex;align-items:center;gap:6px;padding-bottom:8px;color:${colors.text}}
.tp-rows{height:min(64vh,640px);overflow:auto;border:1px solid ${colors.border};border-radius:${radius.md};position:relative;contain:strict}
.tp-row,.tp-row-head{display:grid;grid-template-columns:var(--tp-cols);align-items:center;gap:12px;padding:0 16px;box-sizing:border-box}
.tp-row{position:absolute;left:0;right:0;border-bottom:1px solid ${colors.border};background:#fff}
.tp-row:hover{background:${colors.surface}}
.tp-row > *{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tp-row-head{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:${colors.muted};padding-top:6px;padding-bottom:6px}
.tp-row a{font-weight:600;text-decoration:none}
.tp-row a:hover{text-decoration:underline}
.tp-sub{display:block;font-size:.85rem;color:${colors.muted};font-weight:400}
.tp-badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.8rem;border:1px solid ${colors.border};background:${colors.surface};color:${colors.text}}
.tp-badge--live,.tp-badge--implemented{background:${colors.primaryLight};border-color:${colors.primaryLight};color:${colors.primaryDark}}
.tp-badge--deprecated{background:${colors.warningBg};border-color:${colors.warningBg}}
.tp-badge--archived{background:#f1f5f9;color:${colors.muted};text-decoration:line-through}
.tp-badge--required{background:#dbeafe;border-color:#dbeafe;color:#1e3a8a}
.tp-tag{display:inline-block;margin-right:4px;padding:0 6px;border-radius:${radius.sm};background:${colors.surface};border:1px solid ${colors.border};font-size:.8rem}
.tp-empty{text-align:center;padding:40px 24px}
.tp-empty p{max-width:560px;margin:8px auto 16px}
.tp-empty .co-actions{justify-content:center}
.tp-dialog{border:none;border-radius:${radius.md};padding:0;width:min(720px,calc(100vw - 32px));max-height:calc(100vh - 64px);box-shadow:0 20px 50px rgba(15,23,42,.25)}
.tp-dialog::backdrop{background:rgba(15,23,42,.45)}
.tp-dialog header{display:flex;justify-content:space-between;align-items:center;padding:16px 20px;border-bottom:1px solid ${colors.border}}
.tp-dialog header h2{margin:0;font-size:1.2rem}
.tp-dialog .tp-dialog-body{padding:16px 20px;overflow:auto}
.tp-menu{position:relative}
.tp-menu summary{list-style:none}
.tp-menu summary::-webkit-details-marker{display:none}
.tp-menu-items{position:absolute;right:0;z-index:5;margin-top:4px;min-width:220px;background:#fff;border:1px solid ${colors.border};border-radius:${radius.sm};box-shadow:0 8px 24px rgba(15,23,42,.12);display:grid;padding:4px}
.tp-menu-items button{font:inherit;text-align:left;background:none;border:none;padding:8px 12px;border-radius:${radius.sm};cursor:pointer}
.tp-menu-items button:hover,.tp-menu-items button:focus{background:${colors.surface}}
.tp-editor{display:grid;grid-template-columns:minmax(0,2fr) minmax(260px,1fr);gap:24px;align-items:start}
${below('sm')}{.tp-editor{grid-template-columns:1fr}}
.tp-section{border:1px solid ${colors.border};border-radius:${radius.md};padding:16px 20px;margin:0 0 16px;background:#fff}
.tp-section h2{margin:0 0 12px;font-size:1.1rem}
.tp-section h3{margin:16px 0 8px;font-size:.95rem;color:${colors.muted}}
.tp-fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px}
.tp-field{display:grid;gap:4px;align-content:start}
.tp-field > label:first-child,.tp-field > span:first-child{font-weight:600}
.tp-field--wide{grid-column:1 / -1}
.tp-field input:not([type=checkbox]),.tp-field select,.tp-field textarea{font:inherit;padding:8px 10px;border:1px solid ${colors.border};border-radius:${radius.sm};width:100%;box-sizing:border-box}
.tp-field textarea{min-height:80px;resize:vertical}
.tp-field [aria-invalid=true]{border-color:${colors.danger}}
.tp-check-field{display:flex;gap:8px;align-items:center;font-weight:600}
.tp-value{margin:0;white-space:pre-wrap;word-break:break-word}
.tp-hint{font-size:.85rem;color:${colors.muted};margin:0}
.tp-finding{font-size:.85rem;margin:0;padding:2px 0}
.tp-finding--error{color:${colors.danger}}
.tp-finding--warning{color:#854d0e}
.tp-savebar{position:sticky;top:65px;z-index:4;display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:10px 0;background:#fff;border-bottom:1px solid ${colors.border};margin-bottom:16px}
.tp-savebar .tp-spacer{flex:1}
.tp-conflict{border:1px solid #fcd34d;background:${colors.warningBg};border-radius:${radius.sm};padding:12px 16px;margin:0 0 16px}
.tp-conflict p{margin:0 0 8px}
.tp-links{width:100%;border-collapse:collapse;margin:4px 0 12px}
.tp-links th,.tp-links td{text-align:left;padding:6px 8px;border-bottom:1px solid ${colors.border};vertical-align:middle}
.tp-links th{font-size:.8rem;color:${colors.muted};font-weight:600}
.tp-links select,.tp-links input{font:inherit;padding:4px 8px;border:1px solid ${colors.border};border-radius:${radius.sm};width:100%;box-sizing:border-box}
.tp-picker{position:relative;max-width:420px}
.tp-picker input{width:100%}
.tp-options{position:absolute;left:0;right:0;z-index:6;margin:2px 0 0;padding:4px;list-style:none;background:#fff;border:1px solid ${colors.border};border-radius:${radius.sm};box-shadow:0 8px 24px rgba(15,23,42,.12);max-height:280px;overflow:auto}
.tp-options li{padding:6px 10px;border-radius:${radius.sm};cursor:pointer}
.tp-options li[aria-selected=true]{background:${colors.primaryLight}}
.tp-options li[aria-disabled=true]{color:${colors.muted};cursor:not-allowed}
.tp-pre{background:${colors.text};color:#e2e8f0;border-radius:${radius.sm};padding:12px 16px;overflow:auto;max-height:420px;font-size:.85rem;margin:8px 0 0}
.tp-history{list-style:none;padding:0;margin:0;display:grid;gap:10px}
.tp-history li{border-left:3px solid ${colors.border};padding-left:10px;font-size:.9rem;overflow-wrap:anywhere}
.tp-history ul{margin:4px 0 0;padding-left:18px;color:${colors.muted}}
.tp-diff h3{margin:12px 0 4px}
.tp-diff ul{margin:0;padding-left:20px}
.tp-small-btn{padding:4px 10px;font-size:.85rem}
.tp-title{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
.tp-title h1{margin:0}
[data-app="mfe-company"] .tm-btn:disabled{opacity:.5;pointer-events:none}
${below('sm')}{.tp-savebar{position:static}}
${below('xs')}{.tp-row,.tp-row-head{grid-template-columns:var(--tp-cols-narrow)}.tp-col-optional{display:none}.tp-toolbar input[type=search]{min-width:0;width:100%}}
`;

/** Styles of the tracking-plan pages; React hoists and de-duplicates them by href, like the company styles. */
export function TrackingPlanStyles() {
  return (
    <style href="tracemap-tracking-plan" precedence="default">
      {css}
    </style>
  );
}
