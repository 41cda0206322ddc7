import { getServiceHealth } from '@tracemap/shell-core/admin';
import { Button } from '@tracemap/ui';
import { useLoad } from '../../shared/use-load';

const uptime = (s: number | null) =>
  s === null ? '—' : s < 3600 ? `${Math.round(s / 60)} min` : `${(s / 3600).toFixed(1)} h`;

/** Each service's health and readiness as the account service reaches them. */
export function ServiceHealthTable() {
  const health = useLoad(getServiceHealth);
  return (
    <div className="adm-section">
      <h2>Services</h2>
      <Button variant="ghost" onClick={health.reload} disabled={health.loading}>
        Check again
      </Button>
      {health.error && <p className="adm-error">{health.error}</p>}
      {health.data && (
        <table className="adm-table">
          <thead>
            <tr>
              <th>Service</th>
              <th>Health</th>
              <th>Ready</th>
              <th>Version</th>
              <th>Uptime</th>
              <th>Latency</th>
            </tr>
          </thead>
          <tbody>
            {health.data.map((s) => (
              <tr key={s.name} data-testid="service-health" data-name={s.name} data-health={s.health}>
                <td>{s.name}</td>
                <td className={s.health === 'ok' ? 'adm-ok' : 'adm-error'}>{s.health}</td>
                <td className={s.ready === 'ready' ? 'adm-ok' : 'adm-error'}>{s.ready}</td>
                <td>{s.version ?? '—'}</td>
                <td>{uptime(s.uptimeSeconds)}</td>
                <td>{s.latencyMs === null ? '—' : `${s.latencyMs} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
