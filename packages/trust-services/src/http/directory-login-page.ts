import { escapeHtml } from './html.js';

/**
 * The sandbox company directory's login page: the tester types who to log in as (any address; the
 * directory vouches for it), or cancels. Plain HTML, no script: labelled fields and real buttons.
 */
export function renderDirectoryLoginPage(input: { uid: string; clientId: string }): string {
  const field = (name: string, label: string, type: string, required: boolean) =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}"${required ? ' required' : ''} autocomplete="off"></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Company directory (SIMULATED): log in</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f7;color:#1b1f24}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
header{background:#24527a;color:#fff;padding:1rem 1.5rem}header h1{margin:0;font-size:1.3rem}
.notice{background:#fff4d6;border:1px solid #e6c35c;padding:.6rem .8rem;border-radius:4px}
input{font:inherit;padding:.45rem;width:100%;box-sizing:border-box;border:1px solid #8a939c;border-radius:4px}
button{font:inherit;padding:.55rem 1.2rem;border-radius:4px;border:1px solid #24527a;cursor:pointer}
.primary{background:#24527a;color:#fff}.secondary{background:#fff;color:#24527a}
:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.actions{display:flex;gap:.8rem;flex-wrap:wrap}
</style></head><body>
<header><h1>Company directory <small>(SIMULATED)</small></h1></header>
<main>
<p class="notice" role="note">Sandbox identity provider: it vouches for any address typed here. Never set it up for a real business.</p>
<p><strong>${escapeHtml(input.clientId)}</strong> asks for your e-mail address and name.</p>
<form method="post" action="${escapeHtml(input.uid)}">
${field('email', 'E-mail address', 'email', true)}
${field('givenName', 'Given name', 'text', false)}
${field('familyName', 'Family name', 'text', false)}
<div class="actions">
<button class="primary" type="submit" name="action" value="login">Log in</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</main></body></html>
`;
}
