import { below, colors } from '@tracemap/ui';

export const layoutCss = `
.sh-shell{min-height:100vh;display:flex;flex-direction:column}
.sh-main{flex:1}
.sh-header{border-bottom:1px solid ${colors.border};background:#fff;position:sticky;top:0;z-index:10}
.sh-header__bar{display:flex;align-items:center;justify-content:space-between;gap:16px;height:64px}
.sh-logo{font-weight:800;font-size:1.25rem;color:${colors.text};text-decoration:none}
.sh-logo span{color:${colors.primary}}
.sh-nav{display:flex;align-items:center;gap:4px;flex-wrap:wrap}
.sh-nav a{padding:8px 12px;border-radius:6px;color:${colors.text};text-decoration:none;font-weight:500}
.sh-nav a:hover{background:${colors.surface}}
.sh-nav a.active{color:${colors.primaryDark};background:${colors.primaryLight}}
.sh-nav a.sh-login{background:${colors.primary};color:#fff}
.sh-account{display:inline-flex;align-items:center;gap:4px;min-width:64px}
.sh-logout{padding:8px 12px;border-radius:6px;border:1px solid ${colors.border};background:#fff;color:${colors.text};font:inherit;font-weight:500;cursor:pointer}
.sh-logout:hover{background:${colors.surface}}
.sh-banners{background:${colors.warningBg}}
.sh-banner{display:flex;gap:12px;align-items:center;justify-content:space-between;padding:8px 0}
.sh-banner button{background:none;border:0;cursor:pointer;font-size:1.1rem}
.sh-footer{border-top:1px solid ${colors.border};background:${colors.surface};padding:32px 0;color:${colors.muted};font-size:.9rem}
.sh-footer__cols{display:flex;justify-content:space-between;gap:24px;flex-wrap:wrap}
.sh-footer a{color:${colors.muted};margin-right:16px}
${below('sm')}{.sh-header__bar{height:auto;flex-direction:column;align-items:flex-start;padding:12px 0}}
`;
