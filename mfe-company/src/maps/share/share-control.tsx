import { useEffect, useId, useState } from 'react';
import { Button, ButtonAnchor } from '@tracemap/ui';
import {
  disableMapShare,
  enableMapShare,
  getMapShare,
  mapPreviewUrl,
  type MapShareState,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useAction } from '../../hooks/use-action';
import { SHARE_STYLES } from './share-styles';

export interface MapShareControlProps {
  companyId: string;
  mapId: string;
  canEdit: boolean;
}

/**
 * Share controls for one map (for the map editor's toolbar and the preview
 * page). Editors turn the public link on and off and copy it; viewers only
 * open the preview.
 */
export function MapShareControl({ companyId, mapId, canEdit }: MapShareControlProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const openPreview = (
    <ButtonAnchor
      variant="ghost"
      href={mapPreviewUrl(mapId)}
      target="_blank"
      rel="noreferrer"
      data-testid="map-open-preview"
    >
      Open preview
    </ButtonAnchor>
  );
  if (!canEdit) return openPreview;
  return (
    <div className="mps" data-testid="map-share">
      <style>{SHARE_STYLES}</style>
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="map-share-button"
      >
        Share
      </Button>
      {open ? (
        <div
          className="mps__panel"
          id={panelId}
          role="dialog"
          aria-label="Share this map"
          data-testid="map-share-panel"
        >
          <SharePanel companyId={companyId} mapId={mapId} />
          <div className="mps__row">
            {openPreview}
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function SharePanel({ companyId, mapId }: { companyId: string; mapId: string }) {
  const [state, setState] = useState<MapShareState | null>(null);
  const [copied, setCopied] = useState(false);
  const { busy, error, run } = useAction();

  useEffect(() => {
    const controller = new AbortController();
    void run(async () => setState(await getMapShare(companyId, mapId, controller.signal)));
    return () => controller.abort();
  }, [companyId, mapId, run]);

  const turnOn = () => run(async () => setState(await enableMapShare(companyId, mapId))).then(() => setCopied(false));
  const turnOff = () =>
    run(async () => {
      await disableMapShare(companyId, mapId);
      setState({ enabled: false, token: null, createdAt: null });
    }).then(() => setCopied(false));

  if (!state) {
    return error ? <ApiErrorMessage error={error} testId="map-share-error" /> : <p className="mps__muted">Loading…</p>;
  }
  const url = state.token ? mapPreviewUrl(mapId, state.token, window.location.origin) : null;

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin, denied): the address stays selectable in the field.
      setCopied(false);
    }
  }

  return (
    <div data-testid="map-share-state" data-enabled={state.enabled}>
      <label className="mps__row">
        <input
          type="checkbox"
          role="switch"
          checked={state.enabled}
          disabled={busy}
          onChange={(e) => void (e.target.checked ? turnOn() : turnOff())}
          data-testid="map-share-toggle"
        />
        Public link {state.enabled ? 'on' : 'off'}
      </label>
      <p className="mps__muted">
        Anyone with the link sees this map read-only, with exposed attributes only. Turning it off stops the link at
        once.
      </p>
      {url ? (
        <div className="mps__row">
          <input
            className="mps__url"
            readOnly
            value={url}
            aria-label="Public link"
            onFocus={(e) => e.target.select()}
            data-testid="map-share-url"
          />
          <Button onClick={() => void copy()} data-testid="map-share-copy">
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : null}
      {state.enabled && !url ? (
        <div>
          <p className="mps__muted">
            The link was made {state.createdAt ? new Date(state.createdAt).toLocaleString() : 'earlier'}. Its address is
            shown only when it is made; make a new one to copy it (the current link then stops working).
          </p>
          <Button variant="ghost" disabled={busy} onClick={() => void turnOn()} data-testid="map-share-renew">
            Make a new link
          </Button>
        </div>
      ) : null}
      {state.enabled ? (
        <Button variant="ghost" disabled={busy} onClick={() => void turnOff()} data-testid="map-share-revoke">
          Revoke link
        </Button>
      ) : null}
      <ApiErrorMessage error={error} testId="map-share-error" />
    </div>
  );
}
