import { below, colors } from '@tracemap/ui';

export const homeCss = `
.mk-hero{background:linear-gradient(160deg,${colors.primaryLight} 0%,#fff 60%);padding:88px 0 72px}
.mk-hero h1{font-size:3.2rem;line-height:1.1;margin:0 0 20px;letter-spacing:-0.02em;max-width:820px}
.mk-hero h1 span{color:${colors.primary}}
.mk-hero p{font-size:1.2rem;color:${colors.muted};max-width:640px;margin:0 0 28px}
.mk-ctas{display:flex;gap:12px;flex-wrap:wrap}
.mk-section{padding:64px 0}
.mk-section h2{font-size:2rem;margin:0 0 8px}
.mk-lead{color:${colors.muted};margin:0 0 32px;max-width:680px}
.mk-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:20px}
.mk-card{border:1px solid ${colors.border};border-radius:12px;padding:20px;background:#fff}
.mk-card h3{margin:0 0 8px;color:${colors.primaryDark}}
.mk-card p{margin:0;color:${colors.muted}}
.mk-steps{counter-reset:step;display:grid;grid-template-columns:repeat(3,1fr);gap:20px;list-style:none;padding:0}
.mk-steps li{counter-increment:step;background:${colors.surface};border-radius:12px;padding:20px}
.mk-steps li::before{content:counter(step);display:inline-grid;place-items:center;width:32px;height:32px;border-radius:50%;background:${colors.primary};color:#fff;font-weight:700;margin-bottom:8px}
.mk-compare{width:100%;border-collapse:collapse}
.mk-compare th,.mk-compare td{border-bottom:1px solid ${colors.border};padding:12px;text-align:left;vertical-align:top}
.mk-compare thead th{background:${colors.surface}}
.mk-band{background:${colors.primary};color:#fff;border-radius:16px;padding:40px;display:flex;justify-content:space-between;align-items:center;gap:24px;flex-wrap:wrap}
.mk-band h2{margin:0}
.mk-band .tm-btn{background:#fff;color:${colors.primaryDark};border-color:#fff}
${below('md')}{.mk-grid{grid-template-columns:repeat(2,1fr)}.mk-steps{grid-template-columns:1fr}}
${below('xs')}{.mk-hero h1{font-size:2.2rem}.mk-grid{grid-template-columns:1fr}.mk-compare{font-size:.9rem}}
`;
