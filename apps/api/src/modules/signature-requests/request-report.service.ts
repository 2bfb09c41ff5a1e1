import { strToU8, zipSync, type Zippable } from 'fflate';
import { htmlToPdf } from '@signet/pdf';
import type { Language } from '@signet/contracts/common';
import type { SignatureReport } from '@signet/contracts/signature-requests';
import type { Caller } from '../../plugins/auth.ts';
import { withoutControlCharacters } from '../../plugins/downloads.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { versionsOf } from '../documents/documents.service.ts';
import { events, verifyTrail } from './audit-trail.service.ts';
import { userIdentity, visibleRequest } from './request-access.service.ts';
import { documentsOfRequest } from './request-documents.service.ts';
import { auditSectionHtml } from './request-report-audit.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { escapeHtml } from '../../html.ts';
import { fullName } from '../../person-name.ts';

/** The report's data: who signed when with what, the documents' hashes, the audit trail. */
export async function reportData(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<SignatureReport> {
  const { request, signers } = await visibleRequest(deps, caller, id);
  const [owner, trail, audit, documentRows, attachmentRows] = await Promise.all([
    getAccount(deps, request.ownerId),
    events(deps, caller, id),
    verifyTrail(deps, id),
    documentsOfRequest(deps.db, id),
    repo.attachmentsOf(deps.db, id),
  ]);
  return {
    generated_at: deps.clock.now().toISOString(),
    request: {
      id: request.id,
      title: request.title,
      status_overall: request.status,
      quality: request.quality,
      legislation: request.legislation,
      signing_order: request.signingOrder,
      owner: { name: fullName(owner), email: owner.email },
      created_at: request.createdAt.toISOString(),
      initiated_at: request.initiatedAt?.toISOString() ?? null,
      completed_at: request.completedAt?.toISOString() ?? null,
    },
    signers: signers.map((s) => ({
      sid: s.id,
      sequence: s.sequence,
      name: fullName(s),
      email: s.email,
      signer_type: s.kind,
      status_code: s.status,
      signed_at: s.signedAt?.toISOString() ?? null,
      declined_at: s.declinedAt?.toISOString() ?? null,
      decline_message: s.declineMessage,
      certificate_subject: s.certificateSubject,
      certificate_serial: s.certificateSerial,
      signing_name: s.signingName,
      signing_reason: s.signingReason,
    })),
    documents: await Promise.all(
      documentRows.map(async (d) => ({
        id: d.id,
        title: d.title,
        original_sha256: d.originalSha256,
        current_sha256: d.currentSha256,
        page_count: d.pageCount,
        signature_count: d.signatureCount,
        versions: (await versionsOf(deps.db, d.id)).map((v) => ({
          version: v.version,
          sha256: v.sha256,
          reason: v.reason,
          created_at: v.createdAt.toISOString(),
        })),
      })),
    ),
    attachments: attachmentRows.map((a) => ({ filename: a.filename, sha256: a.sha256, size: a.size })),
    events: trail.events,
    chain_valid: trail.chain_valid,
    audit: audit.audit,
  };
}

/** The report's labels; the PDF is written in the reader's language. */
const labels = {
  'en-gb': {
    report: 'Signature report',
    status: 'Status',
    quality: 'Quality',
    legislation: 'Legislation',
    owner: 'Requested by',
    created: 'Created',
    completed: 'Completed',
    signers: 'Signers',
    signer: 'Signer',
    signed: 'Signed / declined',
    certificate: 'Certificate (subject, serial)',
    documents: 'Documents',
    document: 'Document',
    original: 'SHA-256 as uploaded',
    current: 'SHA-256 now',
    attachments: 'Attachments',
    events: 'Audit trail',
    generated: 'Generated',
    none: '—',
  },
  'de-ch': {
    report: 'Signaturbericht',
    status: 'Status',
    quality: 'Qualität',
    legislation: 'Rechtsraum',
    owner: 'Angefragt von',
    created: 'Erstellt',
    completed: 'Abgeschlossen',
    signers: 'Unterzeichnende',
    signer: 'Unterzeichner/in',
    signed: 'Unterschrieben / abgelehnt',
    certificate: 'Zertifikat (Inhaber, Seriennummer)',
    documents: 'Dokumente',
    document: 'Dokument',
    original: 'SHA-256 beim Hochladen',
    current: 'SHA-256 jetzt',
    attachments: 'Anhänge',
    events: 'Prüfpfad',
    generated: 'Erstellt am',
    none: '—',
  },
  'fr-ch': {
    report: 'Rapport de signature',
    status: 'Statut',
    quality: 'Qualité',
    legislation: 'Législation',
    owner: 'Demandé par',
    created: 'Créé',
    completed: 'Terminé',
    signers: 'Signataires',
    signer: 'Signataire',
    signed: 'Signé / refusé',
    certificate: 'Certificat (titulaire, numéro de série)',
    documents: 'Documents',
    document: 'Document',
    original: 'SHA-256 au téléversement',
    current: 'SHA-256 actuel',
    attachments: 'Pièces jointes',
    events: 'Piste d’audit',
    generated: 'Généré le',
    none: '—',
  },
  it: {
    report: 'Rapporto di firma',
    status: 'Stato',
    quality: 'Qualità',
    legislation: 'Legislazione',
    owner: 'Richiesto da',
    created: 'Creato',
    completed: 'Completato',
    signers: 'Firmatari',
    signer: 'Firmatario',
    signed: 'Firmato / rifiutato',
    certificate: 'Certificato (titolare, numero di serie)',
    documents: 'Documenti',
    document: 'Documento',
    original: 'SHA-256 al caricamento',
    current: 'SHA-256 attuale',
    attachments: 'Allegati',
    events: 'Traccia di controllo',
    generated: 'Generato il',
    none: '—',
  },
} satisfies Record<Language, Record<string, string>>;

/** Splits a hex digest so it wraps inside a table cell. */
const digest = (hex: string) => `<span class="mono">${hex.slice(0, 32)}<br/>${hex.slice(32)}</span>`;

/** The report as HTML for the PDF (every value escaped: titles and names come from users). */
function reportHtml(report: SignatureReport, language: Language): string {
  const l = labels[language];
  const e = (value: string | null | undefined) => (value ? escapeHtml(value) : l.none);
  const when = (value: string | null) =>
    value ? escapeHtml(value.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')) : l.none;
  const r = report.request;
  const signerRows = report.signers
    .map(
      (s) => `<tr><td>${s.sequence}</td><td>${e(s.name)}<br/>${e(s.email)}</td><td>${e(s.status_code)}</td>
<td>${when(s.signed_at ?? s.declined_at)}</td><td>${e(s.certificate_subject)}<br/><span class="mono">${e(s.certificate_serial)}</span></td></tr>`,
    )
    .join('\n');
  const documentRows = report.documents
    .map(
      (d) =>
        `<tr><td>${e(d.title)}</td><td>${digest(d.original_sha256)}</td><td>${digest(d.current_sha256)}</td></tr>`,
    )
    .join('\n');
  const attachmentRows = report.attachments
    .map((a) => `<tr><td>${e(a.filename)}</td><td>${digest(a.sha256)}</td></tr>`)
    .join('\n');
  const eventRows = report.events
    .map(
      (ev) =>
        `<tr><td>${ev.seq}</td><td>${when(ev.created_at)}</td><td>${e(ev.type)}</td><td>${e(ev.actor)}</td></tr>`,
    )
    .join('\n');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"/><style>
body { font-family: sans-serif; font-size: 9pt; margin: 36pt; }
h1 { font-size: 16pt; } h2 { font-size: 12pt; margin-top: 14pt; } h3 { font-size: 10pt; margin-top: 10pt; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.5pt solid #888; padding: 2pt 3pt; text-align: left; vertical-align: top; }
th { background-color: #e8ecf3; }
.mono { font-family: monospace; font-size: 7.5pt; }
</style></head><body>
<h1>${l.report}: ${e(r.title)}</h1>
<table>
<tr><th>${l.status}</th><td>${e(r.status_overall)}</td><th>${l.quality}</th><td>${e(r.quality.toUpperCase())}</td></tr>
<tr><th>${l.owner}</th><td>${e(r.owner.name)}<br/>${e(r.owner.email)}</td><th>${l.legislation}</th><td>${e(r.legislation === 'eidas' ? 'eIDAS' : 'ZertES')}</td></tr>
<tr><th>${l.created}</th><td>${when(r.created_at)}</td><th>${l.completed}</th><td>${when(r.completed_at)}</td></tr>
</table>
<h2>${l.signers}</h2>
<table><tr><th>#</th><th>${l.signer}</th><th>${l.status}</th><th>${l.signed}</th><th>${l.certificate}</th></tr>
${signerRows}</table>
<h2>${l.documents}</h2>
<table><tr><th>${l.document}</th><th>${l.original}</th><th>${l.current}</th></tr>
${documentRows}</table>
${report.attachments.length ? `<h2>${l.attachments}</h2><table>${attachmentRows}</table>` : ''}
<h2>${l.events}</h2>
${auditSectionHtml(report.audit, language, { text: e, time: when, digest })}
<table>${eventRows}</table>
<p>${l.generated}: ${when(report.generated_at)} · ${escapeHtml(r.id)}</p>
</body></html>`;
}

/** The reader's language: the user's, or the visitor's own signer language. */
async function readerLanguage(deps: SignatureRequestsDeps, caller: Caller, id: string): Promise<Language> {
  if (caller.kind === 'user') return (await userIdentity(deps, caller)).lang;
  const { me } = await visibleRequest(deps, caller, id);
  return (me?.language as Language | undefined) ?? 'en-gb';
}

export async function reportPdf(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<Uint8Array> {
  const report = await reportData(deps, caller, id);
  const language = await readerLanguage(deps, caller, id);
  return htmlToPdf(reportHtml(report, language), {
    title: `${labels[language].report}: ${report.request.title}`,
  });
}

/** A name safe inside a ZIP: no path separators or control characters, unique within its folder. */
function uniqueName(taken: Set<string>, folder: string, name: string, extension = ''): string {
  const clean =
    withoutControlCharacters(name)
      .replace(/[\\/:*?"<>|]/g, '_')
      .slice(0, 150) || 'file';
  const base = extension && !clean.toLowerCase().endsWith(extension) ? `${clean}${extension}` : clean;
  let candidate = `${folder}/${base}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const dot = base.lastIndexOf('.');
    candidate =
      dot > 0 ? `${folder}/${base.slice(0, dot)} (${n})${base.slice(dot)}` : `${folder}/${base} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Everything of a request in one ZIP: each document's current version, the attachments, and the
 * signature report as JSON and PDF. Stored without compression for PDFs and images (already
 * compressed), deflated for the rest.
 */
export async function zipArchive(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<{ bytes: Uint8Array; filename: string }> {
  const report = await reportData(deps, caller, id);
  const language = await readerLanguage(deps, caller, id);
  const taken = new Set<string>();
  const files: Zippable = {};
  for (const d of report.documents)
    files[uniqueName(taken, 'documents', d.title, '.pdf')] = [
      await deps.blobs.read(d.current_sha256),
      { level: 0 },
    ];
  for (const a of await repo.attachmentsOf(deps.db, id))
    files[uniqueName(taken, 'attachments', a.filename)] = [
      await deps.blobs.read(a.sha256),
      { level: a.contentType.startsWith('text/') ? 6 : 0 },
    ];
  files['signature-report.json'] = strToU8(JSON.stringify(report, null, 2));
  files['signature-report.pdf'] = [
    htmlToPdf(reportHtml(report, language), { title: `${labels[language].report}: ${report.request.title}` }),
    { level: 0 },
  ];
  const filename = `${report.request.title.replace(/[^\w\- ]+/g, '_').slice(0, 80) || 'signature-request'}.zip`;
  return { bytes: zipSync(files, { mtime: new Date(report.generated_at) }), filename };
}
