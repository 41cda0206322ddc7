import { below, colors, radius } from '@tracemap/ui';

const css = `
.as-opener{font:inherit;font-size:.9rem;line-height:1.3;font-weight:600;padding:2px 12px;border-radius:999px;border:1px solid ${colors.primaryDark};background:${colors.primary};color:#fff;cursor:pointer}
.as-opener:focus-visible,.as-suggestion:focus-visible,.as-chip:focus-visible{outline:3px solid ${colors.primaryDark};outline-offset:2px}
.as-drawer{position:fixed;top:0;right:0;bottom:0;z-index:40;width:min(440px,100vw);background:#fff;border-left:1px solid ${colors.border};box-shadow:-4px 0 16px rgba(15,23,42,.08);display:flex;flex-direction:column;padding:16px;box-sizing:border-box}
.as-drawer-head{display:flex;justify-content:space-between;align-items:center;gap:8px}
.as-drawer-head h2{margin:0;font-size:1.2rem}
.as-panel{display:flex;flex-direction:column;gap:8px;min-height:0;flex:1}
.as-scroll{flex:1;overflow-y:auto;min-height:0}
.as-messages{list-style:none;margin:8px 0;padding:0;display:grid;gap:12px}
.as-msg{border-radius:${radius.md};padding:10px 14px;line-height:1.5;overflow-wrap:anywhere}
.as-msg--user{background:${colors.primaryLight};justify-self:end;max-width:85%}
.as-msg--answer{border:1px solid ${colors.border};background:#fff}
.as-msg p{margin:0 0 6px}
.as-msg ul{margin:4px 0 6px;padding-left:20px}
.as-msg del{color:${colors.danger}}
.as-chip{display:inline-block;font:inherit;font-size:.9em;font-weight:600;padding:0 8px;margin:0 2px;border-radius:999px;border:1px solid ${colors.primaryLight};background:${colors.primaryLight};color:${colors.primaryDark};text-decoration:none;cursor:pointer}
.as-chip-kind{font-weight:400;color:${colors.muted}}
.as-badges{display:flex;gap:6px;margin:6px 0 0}
.as-badge{display:inline-block;font-size:.75rem;padding:1px 8px;border-radius:999px;background:${colors.surface};border:1px solid ${colors.border};color:${colors.muted}}
.as-badge--warn{background:${colors.warningBg};border-color:${colors.warningBg};color:#854d0e;font-weight:600}
.as-form{display:flex;gap:8px;align-items:flex-end}
.as-form textarea{flex:1;font:inherit;padding:8px 10px;border:1px solid ${colors.border};border-radius:${radius.sm};resize:vertical;min-width:0}
.as-suggestions{list-style:none;padding:0;margin:4px 0;display:grid;gap:6px}
.as-suggestion{font:inherit;text-align:left;width:100%;padding:8px 12px;border:1px solid ${colors.border};border-radius:${radius.sm};background:${colors.surface};cursor:pointer}
.as-suggestion:hover{border-color:${colors.primary}}
.as-empty{border:1px dashed ${colors.border};border-radius:${radius.md};padding:12px 16px;margin:8px 0}
.as-empty p{margin:0 0 6px}
.as-link{font:inherit;background:none;border:none;padding:2px 4px;color:${colors.primaryDark};cursor:pointer;text-decoration:underline}
.as-page{display:grid;grid-template-columns:260px minmax(0,1fr);gap:24px;align-items:start}
.as-page .as-panel{min-height:60vh}
${below('sm')}{.as-page{grid-template-columns:1fr}}
.as-threads{list-style:none;margin:8px 0;padding:0;display:grid;gap:4px}
.as-threads button{font:inherit;width:100%;text-align:left;padding:8px 10px;border:1px solid transparent;border-radius:${radius.sm};background:none;cursor:pointer;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.as-threads button[aria-current=true]{background:${colors.primaryLight};border-color:${colors.primaryLight}}
.as-draft{margin:8px 0 0;padding:8px 12px;border:1px solid ${colors.border};border-left:3px solid ${colors.primary};border-radius:${radius.sm};background:${colors.surface}}
.as-draft-fields{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:4px 0 6px;font-size:.9rem}
.as-draft-fields div{display:contents}
.as-draft-fields dt{font-weight:600}
.as-draft-fields dd{margin:0;overflow-wrap:anywhere}
.as-draft-apply{font:inherit;font-weight:600;padding:4px 12px;border-radius:${radius.sm};border:1px solid ${colors.primaryDark};background:${colors.primary};color:#fff;cursor:pointer}
.as-draft-apply:disabled{opacity:.6;cursor:default}
.as-draft-apply:focus-visible{outline:3px solid ${colors.primaryDark};outline-offset:2px}
.as-query{overflow-x:auto}
.as-query caption{text-align:left;font-size:.8rem}
`;

/** Styles of the assistant's drawer and page; hoisted and de-duplicated by href like the other company styles. */
export function AssistantStyles() {
  return (
    <style href="tracemap-assistant" precedence="default">
      {css}
    </style>
  );
}
