const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const money = (cents: number, currency = 'usd') =>
  `${currency === 'usd' ? '$' : ''}${(cents / 100).toFixed(2)}${currency === 'usd' ? '' : ` ${currency.toUpperCase()}`}`;

export const date = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '';

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6f5;color:#1d2b24}
main{max-width:440px;margin:48px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 4px}.muted{color:#5c6b63;font-size:14px}.price{font-size:28px;font-weight:600;margin:16px 0}
.badge{display:inline-block;background:#fff4d6;color:#7a5a00;border-radius:4px;padding:2px 8px;font-size:12px;font-weight:600}
label{display:block;font-size:13px;font-weight:600;margin:14px 0 4px}
input{box-sizing:border-box;width:100%;padding:10px;border:1px solid #c8d1cc;border-radius:6px;font-size:15px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#1f8a4c;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.error{background:#fdecea;color:#8a1c12;border-radius:6px;padding:10px 12px;margin:16px 0;font-size:14px}
.ok{background:#e6f4ea;color:#145c2e;border-radius:6px;padding:10px 12px;margin:16px 0;font-size:14px}
.card{border:1px solid #dfe5e1;border-radius:8px;padding:12px;margin:12px 0}
details{margin-top:20px;font-size:13px;color:#5c6b63}a{color:#1f8a4c}`;

/** A whole page: no scripts and no outside assets, so a strict policy can forbid everything else. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function contentSecurityPolicy(formTargets: string[]): string {
  const origins = formTargets
    .map((u) => {
      try {
        return new URL(u).origin;
      } catch {
        return null;
      }
    })
    .filter((o): o is string => o !== null);
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${origins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function cardFields(): string {
  return `<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" maxlength="200">
<label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" required>
<div class="row"><div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12 / 34" maxlength="7" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required></div></div>`;
}

export const TEST_CARDS = `<details><summary>Sandbox test cards</summary><ul>
<li>4242 4242 4242 4242: succeeds</li><li>4000 0000 0000 9995: declined, insufficient funds</li>
<li>4000 0000 0000 0341: declined at checkout; on the billing page it is saved but later charges fail</li>
<li>4000 0000 0000 0002: declined</li><li>4000 0027 6000 3184: later renewals ask for authentication</li><li>Any future expiry date and any three-digit CVC</li></ul></details>`;
