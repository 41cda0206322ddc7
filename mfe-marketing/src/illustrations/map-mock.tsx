/** A static picture of a map: views as nodes, events on the edges between them. */
const NODES = [
  { x: 10, y: 40, label: 'Product page' },
  { x: 190, y: 40, label: 'Cart' },
  { x: 370, y: 40, label: 'Checkout' },
  { x: 370, y: 150, label: 'Confirmation' },
];
const EDGES = [
  { x1: 140, y1: 62, x2: 190, y2: 62, label: 'add_to_cart', lx: 165, ly: 52 },
  { x1: 320, y1: 62, x2: 370, y2: 62, label: 'checkout_started', lx: 345, ly: 52 },
  { x1: 435, y1: 84, x2: 435, y2: 150, label: 'order_completed', lx: 440, ly: 122 },
];

export function MapMock() {
  return (
    <figure className="mk-mock" style={{ margin: 0 }}>
      <svg
        viewBox="0 0 520 200"
        role="img"
        aria-label="A checkout map: product page, cart, checkout and confirmation joined by events"
        width="100%"
      >
        <defs>
          <marker id="mk-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">
            <path d="M0 0 L10 5 L0 10 z" fill="#16a34a" />
          </marker>
        </defs>
        {EDGES.map((e) => (
          <g key={e.label}>
            <line x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} stroke="#16a34a" strokeWidth="2" markerEnd="url(#mk-arrow)" />
            <text
              x={e.lx}
              y={e.ly}
              fontSize="10"
              textAnchor={e.x1 === e.x2 ? 'start' : 'middle'}
              fill="#15803d"
              fontFamily="monospace"
            >
              {e.label}
            </text>
          </g>
        ))}
        {NODES.map((n) => (
          <g key={n.label}>
            <rect x={n.x} y={n.y} width="130" height="44" rx="8" fill="#fff" stroke="#cbd5e1" />
            <text x={n.x + 65} y={n.y + 27} fontSize="12" textAnchor="middle" fill="#0f172a">
              {n.label}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
