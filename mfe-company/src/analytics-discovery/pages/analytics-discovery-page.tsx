import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Run } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { TrackingPlanStyles } from '../../tracking-plan/tracking-plan-styles';
import { startExampleTraffic } from '../api/discovery-api';
import { DiscoveryEmptyState } from '../components/discovery-empty-state';
import { FindingsTab } from '../components/findings-tab';
import { KpiStrip } from '../components/kpi-strip';
import { PlanVsRealityTab } from '../components/plan-vs-reality-tab';
import { RunsTab } from '../components/runs-tab';
import { SourcesTab } from '../components/sources-tab';
import { DiscoveryStyles } from '../discovery-styles';
import { useDiscoveryOverview } from '../hooks/use-discovery-overview';
import { useRunWatch } from '../hooks/use-run-watch';
import { discoveryPermissions } from '../logic/discovery-roles';
import { nextPollDelay, runIsActive } from '../logic/polling';

const TABS = [
  { id: 'reality', label: 'Plan vs reality' },
  { id: 'findings', label: 'Findings' },
  { id: 'sources', label: 'Sources' },
  { id: 'runs', label: 'Runs' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const isTab = (value: string | null): value is Tab => TABS.some((t) => t.id === value);

/** Findings are judged just after a run ends; the page asks again this many times before it stops waiting. */
const SETTLE_TRIES = 10;

/** /company/:companyId/analytics-discovery: what the apps really send, against the plan. */
export function AnalyticsDiscoveryPage() {
  const { companyId, info } = useCompany();
  const can = discoveryPermissions(info.role);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'reality';
  const setTab = (next: Tab) => setParams(next === 'reality' ? {} : { tab: next }, { replace: true });

  const { overview, error, reload } = useDiscoveryOverview(companyId);
  // Bumped whenever new data may be there, so the open tab reads its list again.
  const [dataVersion, setDataVersion] = useState(0);
  const [watchedRunId, setWatchedRunId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);
  const [settle, setSettle] = useState<{ tries: number; delay: number | null } | null>(null);
  // Bumped when findings judged after a run's end have arrived; the inbox reads again only if it shows none,
  // so rows someone is triaging are never swapped out under them.
  const [findingsArrived, setFindingsArrived] = useState(0);

  const latest = overview?.latestRun ?? null;
  const runToWatch = watchedRunId ?? (latest && runIsActive(latest.status) ? latest.id : null);
  const onRunEnded = useCallback(
    (run: Run) => {
      setWatchedRunId(null);
      reload();
      setDataVersion((n) => n + 1);
      if (run.status === 'succeeded') setSettle({ tries: 0, delay: null });
    },
    [reload],
  );
  const watch = useRunWatch(companyId, runToWatch, onRunEnded);

  const openFindings = overview
    ? overview.kpis.openBySeverity.high + overview.kpis.openBySeverity.medium + overview.kpis.openBySeverity.low
    : 0;
  useEffect(() => {
    if (!settle) return;
    if (openFindings > 0 || settle.tries >= SETTLE_TRIES) {
      setSettle(null);
      setFindingsArrived((n) => n + 1);
      return;
    }
    const delay = nextPollDelay(settle.delay);
    const timer = setTimeout(() => {
      setSettle({ tries: settle.tries + 1, delay });
      reload();
    }, delay);
    return () => clearTimeout(timer);
  }, [settle, openFindings, reload]);

  async function tryExample() {
    setStarting(true);
    setStartError(null);
    try {
      const { runId } = await startExampleTraffic(companyId);
      setWatchedRunId(runId);
      setTab('findings');
    } catch (err) {
      setStartError(err);
    } finally {
      setStarting(false);
    }
  }

  const onUploaded = (runId: string) => {
    setWatchedRunId(runId);
    setDataVersion((n) => n + 1);
    setTab('runs');
  };

  const empty =
    overview !== null && overview.latestRun === null && overview.kpis.observedVolume === 0 && runToWatch === null;
  const running = watch.run && runIsActive(watch.run.status) ? watch.run : null;

  return (
    <section className="tm-container co-page" data-testid="discovery-page" data-role={info.role}>
      <TrackingPlanStyles />
      <DiscoveryStyles />
      <div className="tp-head">
        <div>
          <h1>Analytics discovery</h1>
          <p className="tp-count">What your apps really send, next to what the plan says.</p>
        </div>
      </div>
      <ApiErrorMessage error={error} testId="discovery-error" />
      {running || (runToWatch && !watch.run) ? (
        <p className="co-ok" role="status" data-testid="discovery-run-progress">
          Reading traffic: {running ? `${running.events.toLocaleString()} events so far…` : 'queued…'}
        </p>
      ) : null}
      <ApiErrorMessage error={watch.error} testId="run-watch-error" />
      {overview === null && !error ? <p className="co-muted">Loading…</p> : null}
      {empty && tab !== 'sources' ? (
        <DiscoveryEmptyState
          canStart={can.triage}
          planIsEmpty={info.objectCounts.eventCount === 0}
          busy={starting}
          error={startError}
          onTryExample={() => void tryExample()}
          onUpload={() => setTab('sources')}
        />
      ) : overview ? (
        <>
          <KpiStrip kpis={overview.kpis} />
          <div className="ad-tabs" role="tablist" aria-label="Discovery">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                onClick={() => setTab(t.id)}
                data-testid={`discovery-tab-${t.id}`}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" key={`${tab}-${dataVersion}`}>
            {tab === 'reality' ? <PlanVsRealityTab companyId={companyId} typeSplits={overview.typeSplits} /> : null}
            {tab === 'findings' ? (
              <FindingsTab
                companyId={companyId}
                canTriage={can.triage}
                canAddToPlan={can.triage}
                arrived={findingsArrived}
                onChanged={reload}
              />
            ) : null}
            {tab === 'sources' ? (
              <SourcesTab
                companyId={companyId}
                canUpload={can.triage}
                canManage={can.manageSources}
                onUploaded={onUploaded}
              />
            ) : null}
            {tab === 'runs' ? <RunsTab companyId={companyId} canCancel={can.triage} onRunEnded={reload} /> : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
