/** The share control's look; it may be shown where the company pages' stylesheet is not (the preview page). */
export const SHARE_STYLES = `
.mps { position: relative; display: inline-block; }
.mps__panel { position: absolute; right: 0; top: calc(100% + 6px); z-index: 20; width: min(420px, 90vw); padding: 12px;
  background: #fff; border: 1px solid #d0d7de; border-radius: 8px; box-shadow: 0 8px 24px rgba(15, 23, 42, .15);
  display: grid; gap: 10px; text-align: left; }
.mps__row { display: flex; gap: 8px; align-items: center; }
.mps__url { flex: 1; min-width: 0; font: inherit; padding: 6px 8px; border: 1px solid #d0d7de; border-radius: 6px; }
.mps__muted { margin: 0; color: #57606a; font-size: 13px; }
@media print { .mps { display: none; } }
`;
