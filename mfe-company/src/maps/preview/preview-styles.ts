/** The preview page stands alone (no app layout, no company stylesheet), so it brings its own look, print included. */
export const PREVIEW_STYLES = `
.mp { display: grid; grid-template-columns: minmax(0, 1fr) 300px; grid-template-rows: auto minmax(0, 1fr); height: 100vh;
  background: #f8fafc; color: #0f172a; font-family: inherit; }
.mp-head { grid-column: 1 / -1; display: flex; gap: 12px; align-items: center; padding: 10px 16px; border-bottom: 1px solid #e2e8f0; background: #fff; }
.mp-head h1 { font-size: 18px; margin: 0; }
.mp-head p { margin: 0; color: #475569; font-size: 13px; }
.mp-head .mp-spacer { flex: 1; }
.mp-canvas { position: relative; min-height: 0; }
.mp-svg { width: 100%; height: 100%; display: block; cursor: grab; touch-action: none; user-select: none; }
.mp-svg:active { cursor: grabbing; }
.mp-controls { position: absolute; left: 12px; top: 12px; display: flex; gap: 4px; z-index: 1; }
.mp-controls button { min-width: 32px; height: 32px; border: 1px solid #cbd5e1; background: #fff; border-radius: 6px; cursor: pointer; font: inherit; }
.mp-node { fill: #fff; stroke: #16a34a; stroke-width: 1.5; }
.mp-node--inactive { stroke: #94a3b8; stroke-dasharray: 6 4; }
.mp-node-name { font-size: 14px; font-weight: 600; fill: #0f172a; }
.mp-node-meta { font-size: 11px; fill: #64748b; }
.mp-node-event { font-size: 12px; fill: #1e293b; }
.mp-edge-label { font-size: 12px; fill: #334155; paint-order: stroke; stroke: #f8fafc; stroke-width: 4px; stroke-linejoin: round; }
.mp-side { border-left: 1px solid #e2e8f0; background: #fff; overflow: auto; padding: 12px 16px; }
.mp-side h2 { font-size: 15px; margin: 4px 0 8px; }
.mp-side ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.mp-side li { font-size: 13px; }
.mp-side code { font-weight: 600; }
.mp-side small { display: block; color: #64748b; }
.mp-muted { color: #64748b; font-size: 13px; }
@media (max-width: 760px) { .mp { grid-template-columns: 1fr; grid-template-rows: auto 60vh auto; height: auto; }
  .mp-side { border-left: 0; border-top: 1px solid #e2e8f0; } }
@media print {
  @page { size: landscape; margin: 10mm; }
  .mp { display: block; height: auto; background: #fff; }
  .mp-controls, .mp-head .mps, .mp-head a { display: none !important; }
  .mp-head { border: 0; padding: 0 0 6px; }
  .mp-canvas { height: 130mm; break-inside: avoid; }
  .mp-svg { cursor: default; }
  .mp-side { border: 0; padding: 4px 0 0; overflow: visible; columns: 3; font-size: 10px; }
  .mp-side li { break-inside: avoid; }
}
`;
