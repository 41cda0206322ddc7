import { below, colors, maxContentWidth, radius } from '../tokens';

const css = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${colors.text};line-height:1.5}
a{color:${colors.primaryDark}}
.tm-container{max-width:${maxContentWidth}px;margin:0 auto;padding:0 24px}
${below('xs')}{.tm-container{padding:0 16px}}
.tm-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;padding:10px 18px;border-radius:${radius.sm};border:1px solid ${colors.primary};background:${colors.primary};color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.tm-btn:hover{background:${colors.primaryDark}}
.tm-btn--ghost{background:transparent;color:${colors.primaryDark}}
.tm-btn--ghost:hover{background:${colors.primaryLight}}
.tm-page{padding:48px 0 64px}
.tm-page h1{font-size:2rem;margin:0 0 12px}
.tm-page p{color:${colors.muted};max-width:680px}
.tm-note{display:inline-block;margin-top:8px;padding:8px 12px;border-radius:${radius.sm};background:${colors.surface};border:1px dashed ${colors.border};color:${colors.muted}}
.tm-error{text-align:center;padding:80px 24px}
.tm-error__status{font-size:4rem;font-weight:800;color:${colors.primary};margin:0}
.tm-error h1{font-size:2rem;margin:8px 0}
.tm-error p{color:${colors.muted};margin:0 auto 24px;max-width:560px;word-break:break-word}
`;

/** Base styles for every app. React 19 hoists and de-duplicates this `<style>` by href. */
export function UiStyles() {
  return (
    <style href="tracemap-ui" precedence="low">
      {css}
    </style>
  );
}
