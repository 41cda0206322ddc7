import { below, colors } from '@tracemap/ui';

/** Shared styles of the public pages (hero, sections, cards, prose, forms, plans). */
export const marketingCss = `
.mk-hero{background:linear-gradient(160deg,${colors.primaryLight} 0%,#fff 60%);padding:72px 0 56px}
.mk-hero h1{font-size:2.8rem;line-height:1.1;margin:0 0 20px;letter-spacing:-0.02em;max-width:820px}
.mk-hero h1 span{color:${colors.primary}}
.mk-hero p{font-size:1.15rem;color:${colors.muted};max-width:680px;margin:0 0 24px}
.mk-hero__grid{display:grid;grid-template-columns:1.1fr 1fr;gap:40px;align-items:center}
.mk-ctas{display:flex;gap:12px;flex-wrap:wrap}
.mk-section{padding:56px 0}
.mk-section h2{font-size:1.8rem;margin:0 0 8px}
.mk-lead{color:${colors.muted};margin:0 0 28px;max-width:680px}
.mk-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:20px}
.mk-grid--3{grid-template-columns:repeat(3,1fr)}
.mk-card{border:1px solid ${colors.border};border-radius:12px;padding:20px;background:#fff}
.mk-card h3{margin:0 0 8px;color:${colors.primaryDark};font-size:1.1rem}
.mk-card p{margin:0;color:${colors.muted}}
.mk-card a{color:inherit;text-decoration:none}
.mk-split{display:grid;grid-template-columns:1fr 1fr;gap:40px;align-items:start}
.mk-list{padding-left:20px;color:${colors.muted}}
.mk-list li{margin:6px 0}
.mk-compare{width:100%;border-collapse:collapse}
.mk-compare th,.mk-compare td{border-bottom:1px solid ${colors.border};padding:12px;text-align:left;vertical-align:top}
.mk-compare thead th{background:${colors.surface}}
.mk-band{background:${colors.primary};color:#fff;border-radius:16px;padding:36px;display:flex;justify-content:space-between;align-items:center;gap:24px;flex-wrap:wrap}
.mk-band h2{margin:0}
.mk-band .tm-btn{background:#fff;color:${colors.primaryDark};border-color:#fff}
.mk-meta{color:${colors.muted};font-size:.9rem}
.mk-tags{display:flex;gap:8px;flex-wrap:wrap;margin:12px 0}
.mk-tag{border:1px solid ${colors.border};border-radius:999px;padding:4px 12px;background:#fff;font:inherit;font-size:.85rem;cursor:pointer;color:${colors.text};text-decoration:none}
.mk-tag[aria-pressed=true]{background:${colors.primary};border-color:${colors.primary};color:#fff}
.mk-article{max-width:760px;padding:40px 0 64px}
.mk-article h1{font-size:2.2rem;line-height:1.2;margin:8px 0}
.mk-prose{line-height:1.65}
.mk-prose h2{margin-top:2em}
.mk-prose pre{background:#0f172a;color:#e2e8f0;padding:16px;border-radius:10px;overflow-x:auto;font-size:.9rem}
.mk-prose code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
.mk-prose :not(pre)>code{background:${colors.surface};border:1px solid ${colors.border};border-radius:4px;padding:1px 5px}
.mk-prose table{border-collapse:collapse;width:100%;margin:16px 0;display:block;overflow-x:auto}
.mk-prose th,.mk-prose td{border:1px solid ${colors.border};padding:8px 12px;text-align:left}
.mk-prose th{background:${colors.surface}}
.mk-prose blockquote{margin:16px 0;padding:8px 16px;border-left:4px solid ${colors.primary};background:${colors.surface}}
.mk-prose img{max-width:100%}
.mk-form{display:grid;gap:14px;max-width:560px}
.mk-form label{display:grid;gap:6px;font-weight:600}
.mk-form input,.mk-form textarea,.mk-form select{font:inherit;font-weight:400;padding:10px 12px;border:1px solid ${colors.border};border-radius:8px}
.mk-form [aria-invalid=true]{border-color:${colors.danger}}
.mk-error{color:${colors.danger};font-weight:400;font-size:.9rem}
.mk-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.mk-success{background:${colors.primaryLight};border-radius:12px;padding:20px}
.mk-plans{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:20px}
.mk-plan{border:1px solid ${colors.border};border-radius:14px;padding:24px;display:flex;flex-direction:column;gap:12px}
.mk-plan__price{font-size:2rem;font-weight:800}
.mk-plan__price small{font-size:1rem;color:${colors.muted};font-weight:400}
.mk-columns{display:grid;grid-template-columns:repeat(3,1fr);gap:20px}
.mk-column h2{font-size:1.2rem}
.mk-notice{background:${colors.surface};border:1px solid ${colors.border};border-radius:12px;padding:20px}
.mk-hero__grid>*,.mk-split>*,.mk-grid>*,.mk-columns>*{min-width:0}
.mk-prose,.mk-card,.mk-hero p{overflow-wrap:anywhere}
.mk-mock{max-width:100%;overflow-x:auto;border:1px solid ${colors.border};border-radius:14px;background:#fff;box-shadow:0 12px 32px rgba(15,23,42,.08);overflow:hidden;font-size:.85rem}
.mk-mock__bar{display:flex;gap:6px;padding:10px 12px;background:${colors.surface};border-bottom:1px solid ${colors.border}}
.mk-mock__bar i{width:10px;height:10px;border-radius:50%;background:${colors.border}}
.mk-mock__body{padding:16px}
.mk-mock table{width:100%;border-collapse:collapse}
.mk-mock td,.mk-mock th{padding:6px 8px;border-bottom:1px solid ${colors.border};text-align:left}
.mk-chip{display:inline-block;border-radius:999px;padding:1px 8px;font-size:.75rem;background:${colors.primaryLight};color:${colors.primaryDark}}
.mk-chip--muted{background:${colors.surface};color:${colors.muted}}
${below('md')}{.mk-grid{grid-template-columns:repeat(2,1fr)}.mk-hero__grid,.mk-split,.mk-columns,.mk-grid--3{grid-template-columns:1fr}}
${below('xs')}{.mk-hero h1{font-size:2rem}.mk-grid{grid-template-columns:1fr}.mk-compare{font-size:.9rem}}
`;

/** Rendered once per page; React hoists and de-duplicates it by href. */
export function MarketingStyles() {
  return (
    <style href="mk-marketing" precedence="default">
      {marketingCss}
    </style>
  );
}
