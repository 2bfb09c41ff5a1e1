import { escapeHtml } from '../http/html.js';
import { sampleDocument } from './identification-service.js';
import type { IdentSession } from './identification-sessions.js';

// The pages a person meets at the sandbox identification providers: a video call with an agent, or
// a self-service check of their identity document. No script: plain forms, usable by keyboard and
// screen reader. Every page says that the identification is simulated.

const providerNames = { srs: 'SRS Identification', intrum: 'Intrum Identity' } as const;
const legislationNames = { eidas: 'eIDAS (EU)', zertes: 'ZertES (Switzerland)' } as const;

const baseStyle = `
*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f4f4f6;line-height:1.45}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.banner{background:#7a2e00;color:#fff;padding:.5rem 1rem;text-align:center;font-weight:600}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.15rem;margin:1.25rem 0 .5rem}
.grid{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr))}
.panel{background:#fff;border-radius:.75rem;padding:1rem 1.25rem;box-shadow:0 1px 3px #0002}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{font:inherit;padding:.5rem;width:100%;border:1px solid #767680;border-radius:.4rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{font:inherit;font-weight:600;padding:.65rem 1.1rem;border-radius:.5rem;border:2px solid transparent;cursor:pointer}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.primary{background:#0b6b3a;color:#fff}.danger{background:#fff;color:#a4000f;border-color:#a4000f}.quiet{background:#fff;color:#1b1b1f;border-color:#767680}
.muted{color:#4a4a55}
`;

const videoStyle = `
body{background:#101418;color:#f1f1f4}.panel{background:#1d232b;color:#f1f1f4;box-shadow:none;border:1px solid #39424e}
.muted{color:#c4c8d0}input,select{background:#101418;color:#f1f1f4;border-color:#8b93a1}
.call{aspect-ratio:16/10;border-radius:.75rem;background:radial-gradient(circle at 50% 40%,#3b4756,#12171d);display:grid;place-items:center;position:relative}
.call .agent{font-size:1.1rem;font-weight:600}.call .live{position:absolute;top:.75rem;left:.75rem;background:#c5221f;color:#fff;border-radius:.3rem;padding:.1rem .5rem;font-size:.85rem}
.call .self{position:absolute;right:.75rem;bottom:.75rem;width:28%;aspect-ratio:4/3;border-radius:.5rem;background:#56606e;display:grid;place-items:center;font-size:.85rem}
.quiet{background:#1d232b;color:#f1f1f4;border-color:#8b93a1}.danger{background:#1d232b;color:#ff8a80;border-color:#ff8a80}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline-color:#8ab4f8}
`;

const selfStyle = `
.steps{counter-reset:step;list-style:none;padding:0;display:flex;gap:.5rem;flex-wrap:wrap}
.steps li{background:#e4e9f2;border-radius:2rem;padding:.25rem .85rem}.steps li.done{background:#cfe8d8}
.document{border-radius:.9rem;padding:1rem 1.25rem;background:linear-gradient(135deg,#f9e1e1,#fdf6e8 60%,#e7eefb);border:1px solid #d4c4c4;font-family:ui-monospace,monospace}
.document dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .9rem;margin:.5rem 0 0}.document dt{color:#5b4a4a}
.document .photo{float:right;width:5.5rem;height:7rem;border-radius:.4rem;background:#cfc6c6;display:grid;place-items:center;font-size:.8rem;color:#5b4a4a}
@media (max-width:30rem){.document .photo{width:3.5rem;height:4.5rem;font-size:.6rem}.document dl{grid-template-columns:1fr;gap:0}.document dd{margin:0 0 .4rem}}
`;

function page(title: string, style: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - SIMULATED</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>${baseStyle}${style}</style>
</head><body>
<div class="banner" role="note">Sandbox: this identification is SIMULATED and not legally binding.</div>
<main>
${body}
</main></body></html>
`;
}

/** The form fields of the document as read: name and birth date editable, the type selectable. */
function readingFields(session: IdentSession, heading: string): string {
  const { firstName, lastName } = session.expected;
  return `<h2>${heading}</h2>
<p class="muted">Change the name or birth date to make it differ from the one Signet expects.</p>
<label for="firstName">First name</label>
<input id="firstName" name="firstName" value="${escapeHtml(firstName)}" required maxlength="100" autocomplete="off">
<label for="lastName">Last name</label>
<input id="lastName" name="lastName" value="${escapeHtml(lastName)}" required maxlength="100" autocomplete="off">
<label for="birthDate">Birth date</label>
<input id="birthDate" name="birthDate" type="date" value="${sampleDocument.birthDate}" required>
<label for="documentType">Document</label>
<select id="documentType" name="documentType">
<option value="identity-card">Identity card</option>
<option value="passport">Passport</option>
</select>`;
}

/** The three ways out, as buttons of one form (the button pressed names the outcome). */
function outcomeButtons(complete: string, fail: string, abandon: string): string {
  return `<div class="actions">
<button class="primary" type="submit" name="outcome" value="success">${complete}</button>
<button class="danger" type="submit" name="outcome" value="failure" formnovalidate>${fail}</button>
<button class="quiet" type="submit" name="outcome" value="abandoned" formnovalidate>${abandon}</button>
</div>`;
}

function heading(session: IdentSession, kind: string): string {
  return `<h1>${kind}</h1>
<p class="muted">${providerNames[session.provider]} · identification for ${legislationNames[session.legislation]} qualified signatures</p>`;
}

/**
 * The page of a session in progress: what the method shows (`evidence`, a panel), the document's
 * fields as read, and the three outcomes (`outcomes`: complete, fail, abandon).
 */
function sessionForm(
  session: IdentSession,
  action: string,
  parts: {
    kind: string;
    style: string;
    /** Where the tester stands, between the heading and the form (self-service only). */
    steps?: string;
    evidence: string;
    readingHeading: string;
    outcomes: [complete: string, fail: string, abandon: string];
  },
): string {
  return page(
    parts.kind,
    parts.style,
    `${heading(session, parts.kind)}
${parts.steps ? `${parts.steps}\n` : ''}<form method="post" action="${escapeHtml(action)}">
<div class="grid">
${parts.evidence}
<section class="panel">
${readingFields(session, parts.readingHeading)}
</section>
</div>
${outcomeButtons(...parts.outcomes)}
</form>`,
  );
}

/** The video call: an agent checks the document live; the tester decides what the agent concludes. */
function videoPage(session: IdentSession, action: string): string {
  return sessionForm(session, action, {
    kind: 'Video identification',
    style: videoStyle,
    evidence: `<section class="panel" aria-labelledby="call-heading">
<h2 id="call-heading">Call with your identification agent</h2>
<div class="call" role="img" aria-label="Simulated video call with agent Alex"><span class="live">LIVE (simulated)</span><span class="agent">Agent Alex</span><span class="self">You</span></div>
<p class="muted">The agent asks you to hold your identity document to the camera, tilt it to show its security features, and read out a code.</p>
</section>`,
    readingHeading: 'What the agent reads from your document',
    outcomes: ['The agent confirms my identity', 'The agent rejects the identification', 'Leave the call'],
  });
}

/** Self-service: the sample document is photographed and read automatically, then a selfie. */
function selfServicePage(session: IdentSession, action: string): string {
  const kind = session.method === 'autoident' ? 'Automatic identification' : 'Self-service identification';
  const { firstName, lastName } = session.expected;
  return sessionForm(session, action, {
    kind,
    style: selfStyle,
    steps:
      '<ol class="steps" aria-label="Steps"><li class="done">1. Photograph your document</li><li class="done">2. Selfie and liveness check</li><li aria-current="step">3. Confirm what was read</li></ol>',
    evidence: `<section class="panel" aria-labelledby="document-heading">
<h2 id="document-heading">Your identity document (sample)</h2>
<div class="document">
<div class="photo" aria-hidden="true">PHOTO</div>
<strong>IDENTITY CARD · SAMPLE</strong>
<dl>
<dt>Surname</dt><dd>${escapeHtml(lastName.toUpperCase())}</dd>
<dt>Given names</dt><dd>${escapeHtml(firstName.toUpperCase())}</dd>
<dt>Date of birth</dt><dd>${sampleDocument.birthDate}</dd>
<dt>Document no.</dt><dd>${sampleDocument.documentNumber}</dd>
<dt>Expiry</dt><dd>${sampleDocument.documentExpiry}</dd>
</dl>
</div>
</section>`,
    readingHeading: 'Read from the document',
    outcomes: ['Submit for the automatic check', 'Make the check fail', 'Cancel and go back'],
  });
}

/** The page of a session, by its method; an ended session shows its outcome and the way back. */
export function sessionPage(session: IdentSession, action: string): string {
  if (session.status !== 'initialized' && session.status !== 'inprogress')
    return page(
      'Identification ended',
      '',
      `<h1>This identification has ended</h1>
<p>Outcome: <strong>${escapeHtml(session.status)}</strong>.</p>
<p><a href="${escapeHtml(session.returnUrl)}">Back to Signet</a></p>`,
    );
  return session.method === 'video' ? videoPage(session, action) : selfServicePage(session, action);
}

/** A page link that is wrong or no longer valid. */
export function unknownSessionPage(): string {
  return page(
    'Identification not found',
    '',
    `<h1>This identification link is not valid</h1>
<p>Go back to Signet and start the identification again.</p>`,
  );
}
