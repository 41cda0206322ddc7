const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The consent screen: the workspace, the scopes asked for, a channel to post to, Allow or Cancel. */
export function authorizePage(input: {
  teamName: string;
  scope: string;
  redirectUri: string;
  state: string;
  channels: Array<{ id: string; name: string }>;
}): string {
  const options = input.channels.map((c) => `<option value="${escape(c.id)}">#${escape(c.name)}</option>`).join('');
  const hidden = `<input type="hidden" name="redirect_uri" value="${escape(input.redirectUri)}">
    <input type="hidden" name="state" value="${escape(input.state)}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local Slack — authorize</title></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto">
  <h1>Local Slack</h1>
  <p>Tracemap is asking to join <strong>${escape(input.teamName)}</strong> with: ${escape(input.scope)}</p>
  <form method="post" action="/oauth/v2/authorize/decide">
    ${hidden}
    <label>Post to <select name="channel" aria-label="Channel">${options}</select></label>
    <p><button type="submit" name="decision" value="allow">Allow</button>
    <button type="submit" name="decision" value="deny">Cancel</button></p>
  </form>
</body></html>`;
}
