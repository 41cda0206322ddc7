import { colors } from '@tracemap/ui';

export const supportCss = `
.sh-support{position:fixed;right:16px;bottom:16px;z-index:30;display:flex;flex-direction:column;align-items:flex-end;gap:8px}
.sh-support__launchers{display:flex;gap:8px}
.sh-support__launch{border:1px solid ${colors.border};background:#fff;color:${colors.text};border-radius:999px;padding:8px 14px;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 2px 8px rgba(15,23,42,.12)}
.sh-support__launch:hover{background:${colors.surface}}
.sh-support__panel{width:min(360px,calc(100vw - 32px));background:#fff;border:1px solid ${colors.border};border-radius:12px;padding:16px;box-shadow:0 8px 24px rgba(15,23,42,.18)}
.sh-support__panel h2{font-size:1.05rem;margin:0 0 8px}
.sh-support__panel label{display:block;font-weight:600;margin:8px 0 4px}
.sh-support__panel select,.sh-support__panel textarea{width:100%;box-sizing:border-box;font:inherit;padding:8px;border:1px solid ${colors.border};border-radius:6px}
.sh-support__panel textarea{min-height:96px;resize:vertical}
.sh-support__actions{display:flex;gap:8px;justify-content:flex-end;margin-top:12px}
.sh-support__done{color:${colors.primaryDark};font-weight:600}
.sh-support__error{color:${colors.danger}}
`;
