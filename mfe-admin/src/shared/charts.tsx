/** A trend line drawn by hand in SVG (no chart library): values oldest first. */
export function Sparkline({
  values,
  label,
  width = 160,
  height = 36,
}: {
  values: number[];
  label: string;
  width?: number;
  height?: number;
}) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values
    .map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`)
    .join(' ');
  return (
    <svg width={width} height={height} role="img" aria-label={label} className="adm-chart">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** Horizontal bars for a few named counts. */
export function Bars({ entries, label }: { entries: Array<[string, number]>; label: string }) {
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const rowH = 18;
  return (
    <svg width={220} height={Math.max(rowH, entries.length * rowH)} role="img" aria-label={label} className="adm-chart">
      {entries.map(([name, n], i) => (
        <g key={name} transform={`translate(0,${i * rowH})`}>
          <text x={0} y={13} fontSize="11">
            {name}
          </text>
          <rect x={90} y={3} height={12} width={(n / max) * 100} fill="currentColor" rx={2} />
          <text x={96 + (n / max) * 100} y={13} fontSize="11">
            {n}
          </text>
        </g>
      ))}
    </svg>
  );
}
