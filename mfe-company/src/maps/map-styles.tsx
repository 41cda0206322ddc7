import { useEffect } from 'react';
import { colors, radius } from '@tracemap/ui';

// React Flow's stylesheet is emitted as a file and linked once: the build has no CSS loader.
const flowCss = new URL('@xyflow/react/dist/style.css', import.meta.url);

const css = `
.mp-page{display:grid;grid-template-rows:auto auto 1fr;height:calc(100vh - 120px);min-height:520px;gap:8px;padding-top:12px;padding-bottom:12px}
.mp-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.mp-bar h1{margin:0 8px 0 0;font-size:1.3rem}
.mp-bar .mp-spacer{flex:1}
.mp-bar select{font:inherit;padding:6px 8px;border:1px solid ${colors.border};border-radius:${radius.sm}}
.mp-save{font-size:.9rem;color:${colors.muted};min-width:72px}
.mp-save[data-state=conflict],.mp-save[data-state=error]{color:${colors.danger};font-weight:600}
.mp-body{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:12px;min-height:0}
.mp-body--wide{grid-template-columns:minmax(0,1fr)}
.mp-canvas{border:1px solid ${colors.border};border-radius:${radius.md};overflow:hidden;min-height:400px;background:#fff}
.mp-side{overflow:auto;display:grid;gap:12px;align-content:start}
.mp-side .tp-section{margin:0}
.mp-canvas .react-flow__viewport{will-change:transform}
.mp-node{background:#fff;border:1px solid ${colors.border};border-radius:${radius.sm};padding:8px 10px;width:200px;box-sizing:border-box;font-size:13px;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.mp-node--selected{border-color:${colors.primary};box-shadow:0 0 0 2px ${colors.primaryLight}}
.mp-handle-quiet{visibility:hidden}
.mp-node-name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.mp-node-type{font-size:11px;color:${colors.muted};text-transform:uppercase;letter-spacing:.04em}
.mp-node-events{list-style:none;margin:6px 0 0;padding:6px 0 0;border-top:1px solid ${colors.border};font-size:12px}
.mp-node-events li{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.mp-more{color:${colors.muted}}
.mp-edge-label{position:absolute;background:#fff;border:1px solid ${colors.border};border-radius:999px;padding:1px 8px;font-size:11px;pointer-events:none;white-space:nowrap}
.mp-edge-label--selected{border-color:${colors.primary}}
.mp-edge--selected{stroke:${colors.primary}!important;stroke-width:2px}
.mp-list{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));margin-top:12px}
.mp-card{display:grid;gap:6px;align-content:start}
.mp-card h2{margin:0;font-size:1.05rem}
.mp-card .mp-counts{color:${colors.muted};font-size:.9rem;margin:0}
.mp-inline{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.mp-inline input{font:inherit;padding:7px 10px;border:1px solid ${colors.border};border-radius:${radius.sm};min-width:0;flex:1}
.mp-dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:.9rem}
.mp-dl dt{color:${colors.muted}}
.mp-dl dd{margin:0}
`;

export function MapStyles() {
  useEffect(() => {
    if (document.querySelector('link[data-react-flow-css]')) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = flowCss.href;
    link.dataset.reactFlowCss = '';
    document.head.appendChild(link);
  }, []);
  return <style>{css}</style>;
}
