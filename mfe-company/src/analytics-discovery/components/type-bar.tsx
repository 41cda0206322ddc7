import { typeBarText, typeSegments } from '../logic/type-bars';

/** One property's observed types as a stacked bar with its caption, e.g. "int 84 % · string 16 % since 5.2.0". */
export function TypeBar({ types, since }: { types: Record<string, number>; since?: string }) {
  const segments = typeSegments(types, since);
  if (segments.length === 0) return <span className="ad-bar-text">no values</span>;
  return (
    <div data-testid="type-bar">
      <div className="ad-bar" role="img" aria-label={typeBarText(segments)}>
        {segments.map((s, i) => (
          <span
            key={s.type}
            className={`ad-type-${Math.min(i, 4)}`}
            style={{ width: `${Math.max(s.percent, 1)}%` }}
            title={`${s.label}: ${s.count.toLocaleString()}`}
          />
        ))}
      </div>
      <span className="ad-bar-text" data-testid="type-bar-text">
        {typeBarText(segments)}
      </span>
    </div>
  );
}
