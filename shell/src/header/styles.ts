import { below, colors } from '@tracemap/ui';

/** Below the mobile breakpoint the links fold into a menu opened by a button. */
export const headerCss = `
.sh-menu-button{display:none;align-items:center;gap:8px;padding:8px 12px;border:1px solid ${colors.border};border-radius:6px;background:#fff;color:${colors.text};font:inherit;font-weight:600;cursor:pointer}
.sh-menu-button__icon{display:inline-block;width:18px;height:2px;background:currentColor;position:relative}
.sh-menu-button__icon::before,.sh-menu-button__icon::after{content:"";position:absolute;left:0;width:18px;height:2px;background:currentColor}
.sh-menu-button__icon::before{top:-6px}
.sh-menu-button__icon::after{top:6px}
${below('mobile')}{
.sh-header .sh-header__bar{height:64px;flex-direction:row;align-items:center;padding:0 16px;position:relative}
.sh-menu-button{display:inline-flex}
.sh-header .sh-nav{display:none;position:absolute;top:64px;left:0;right:0;flex-direction:column;align-items:stretch;gap:2px;padding:8px 16px 16px;background:#fff;border-bottom:1px solid ${colors.border};box-shadow:0 12px 24px rgba(15,23,42,.08)}
.sh-header .sh-nav.sh-nav--open{display:flex}
.sh-header .sh-nav a{padding:12px}
.sh-header .sh-account{flex-direction:column;align-items:stretch}
}
`;
