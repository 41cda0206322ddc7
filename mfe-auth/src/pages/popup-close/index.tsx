import { useEffect } from 'react';

/** Landing page of a sign-in popup: closes itself when opened as a popup. */
export function PopupClosePage() {
  useEffect(() => {
    if (window.opener) window.close();
  }, []);
  return (
    <section className="tm-page tm-container">
      <h1>Signed in</h1>
      <p>You can close this window and return to Tracemap.</p>
    </section>
  );
}
