import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '@tracemap/shell-core';
import { analytics } from '@tracemap/shell-core/analytics';
import { consentCss } from './styles';

// Product analytics: on only after consent, and never with Do Not Track or Global Privacy Control.
// The page the visitor landed on is queued the moment the client runs, which may be well before
// the page counts as shown: a visit of a second still leaves its page view, sent as the page goes.
let landedOn: string | null = null;
if (analytics({ token: () => useSessionStore.getState().session?.accessToken ?? null }).start() === 'on') {
  landedOn = window.location.pathname;
  analytics().pageView(landedOn);
}

/** A page view for every route the visitor opens inside the app. */
function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => {
    const alreadyQueued = pathname === landedOn;
    landedOn = null;
    if (!alreadyQueued) analytics().pageView(pathname);
  }, [pathname]);
  return null;
}

/** Asks once; nothing is recorded until the visitor accepts. */
function ConsentNotice() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => analytics().needsConsent());
  // Embedded map previews stay free of page chrome.
  if (!open || pathname.startsWith('/map-preview')) return null;
  const answer = (consent: 'granted' | 'denied') => {
    analytics().setConsent(consent);
    if (consent === 'granted') analytics().pageView(pathname);
    setOpen(false);
  };
  return (
    <div className="sh-consent" role="region" aria-label="Analytics consent" data-testid="consent-notice">
      <style href="shell-consent" precedence="default">
        {consentCss}
      </style>
      <p>
        We would like to measure how Tracemap is used, with our own collector only: no third-party scripts, shortened IP
        addresses. <a href="/privacy-policy">Privacy policy</a>
      </p>
      <div className="sh-consent__actions">
        <button
          type="button"
          className="tm-btn tm-btn--ghost"
          onClick={() => answer('denied')}
          data-testid="consent-decline"
        >
          Decline
        </button>
        <button type="button" className="tm-btn" onClick={() => answer('granted')} data-testid="consent-accept">
          Accept
        </button>
      </div>
    </div>
  );
}

/** Page views and the consent question, once the analytics client has loaded. */
export default function LiveAnalytics() {
  return (
    <>
      <PageViews />
      <ConsentNotice />
    </>
  );
}
