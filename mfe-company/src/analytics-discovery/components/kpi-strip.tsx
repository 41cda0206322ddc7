import { FINDING_SEVERITIES } from '@tracemap/contracts';
import { shareText, type DiscoveryKpis } from '../logic/kpis';

/** The three figures on top: planned share of the volume, planned events seen, open findings by severity. */
export function KpiStrip({ kpis }: { kpis: DiscoveryKpis }) {
  const severities = [...FINDING_SEVERITIES].reverse();
  return (
    <div className="ad-kpis" data-testid="discovery-kpis">
      <div className="ad-kpi" data-testid="kpi-planned-volume">
        <strong>{shareText(kpis.plannedVolumeShare)}</strong>
        <span>of {kpis.observedVolume.toLocaleString()} observed events are planned</span>
      </div>
      <div className="ad-kpi" data-testid="kpi-planned-seen">
        <strong>{shareText(kpis.plannedSeenShare)}</strong>
        <span>
          of planned events seen ({kpis.plannedSeen.toLocaleString()} of {kpis.plannedEvents.toLocaleString()})
        </span>
      </div>
      <div className="ad-kpi" data-testid="kpi-open-findings">
        <div className="ad-sev">
          {severities.map((severity) => (
            <span key={severity} data-severity={severity}>
              <b>{kpis.openBySeverity[severity].toLocaleString()}</b> {severity}
            </span>
          ))}
        </div>
        <span>open findings by severity</span>
      </div>
    </div>
  );
}
