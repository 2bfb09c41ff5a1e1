import { sampleIdentities } from '../id-austria/id-austria-idp.js';
import type { AustrianIdentity } from '../id-austria/subject-records.js';
import { escapeHtml } from './html.js';

/**
 * The sandbox ID Austria login: instead of the Austrian eID app, the tester picks one of the sample
 * people (or edits the fields) and logs in as them, or cancels. Plain HTML, no script: labelled
 * fields and real buttons, so it works by keyboard and screen reader.
 */
export function renderLoginPage(input: {
  uid: string;
  chosen: AustrianIdentity;
  sample: number;
  clientId: string;
}): string {
  const samples = sampleIdentities
    .map((person, index) => {
      const name = `${escapeHtml(person.givenName)} ${escapeHtml(person.familyName)}`;
      const current = index === input.sample ? ' aria-current="true"' : '';
      return `<li><a href="?sample=${index}"${current}>${name}</a>, born ${escapeHtml(person.birthDate)}</li>`;
    })
    .join('\n');
  const field = (name: keyof AustrianIdentity, label: string, type = 'text') =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}" required value="${escapeHtml(input.chosen[name])}" autocomplete="off"></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ID Austria (SIMULATED): log in</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f3f5f7;color:#1b1f24}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
header{background:#c8102e;color:#fff;padding:1rem 1.5rem}header h1{margin:0;font-size:1.3rem}
.notice{background:#fff4d6;border:1px solid #e6c35c;padding:.6rem .8rem;border-radius:4px}
input{font:inherit;padding:.45rem;width:100%;box-sizing:border-box;border:1px solid #8a939c;border-radius:4px}
button{font:inherit;padding:.55rem 1.2rem;border-radius:4px;border:1px solid #c8102e;cursor:pointer}
.primary{background:#c8102e;color:#fff}.secondary{background:#fff;color:#c8102e}
:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.actions{display:flex;gap:.8rem;flex-wrap:wrap}
</style></head><body>
<header><h1>ID Austria <small>(SIMULATED)</small></h1></header>
<main>
<p class="notice" role="note">Sandbox identity provider: nothing here is legally binding. Pick a sample person or edit the fields, then log in.</p>
<p><strong>${escapeHtml(input.clientId)}</strong> asks for your name and date of birth.</p>
<h2>Sample people</h2>
<ul>
${samples}
</ul>
<h2>Log in as</h2>
<form method="post" action="${escapeHtml(input.uid)}">
${field('givenName', 'Given name')}
${field('familyName', 'Family name')}
${field('birthDate', 'Date of birth', 'date')}
<div class="actions">
<button class="primary" type="submit" name="action" value="login">Log in and share</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
</main></body></html>
`;
}
