import { htmlToPdf } from '@signet/pdf';
import { escapeHtml } from '../../html.ts';
import type { Language } from '@signet/contracts/common';
import type { ValidationReport } from '@signet/contracts/validation';

const labels = {
  'en-gb': {
    subject: 'Subject',
    title: 'Signature validation report',
    policy: 'Validation policy',
    time: 'Validation time',
    document: 'Document',
    size: 'Size (bytes)',
    revisions: 'Revisions',
    signatures: 'Signatures',
    none: '—',
    noSignatures: 'The document holds no signatures.',
    field: 'Field',
    kind: 'Kind',
    indication: 'Indication',
    reason: 'Reason',
    signer: 'Signer',
    issuer: 'Issuer',
    serial: 'Serial number',
    claimed: 'Signing time (claimed)',
    timestamp: 'Timestamp',
    revision: 'Revision covered',
    whole: 'Covers the whole document',
    later: 'Later changes',
    allowed: 'only allowed ones',
    notAllowed: 'not allowed',
    level: 'Level',
    checks: 'Checks',
    passed: 'passed',
    failed: 'failed',
    yes: 'yes',
    no: 'no',
    trust: 'Trust list used',
    fingerprint: 'SHA-256 fingerprint',
    source: 'Source',
    retained: 'The file was checked in memory and was not kept.',
  },
  'de-ch': {
    subject: 'Inhaber (Subject)',
    title: 'Prüfbericht der Signaturen',
    policy: 'Prüfrichtlinie',
    time: 'Prüfzeitpunkt',
    document: 'Dokument',
    size: 'Grösse (Bytes)',
    revisions: 'Revisionen',
    signatures: 'Signaturen',
    none: '—',
    noSignatures: 'Das Dokument enthält keine Signaturen.',
    field: 'Feld',
    kind: 'Art',
    indication: 'Ergebnis',
    reason: 'Grund',
    signer: 'Unterzeichner/in',
    issuer: 'Aussteller',
    serial: 'Seriennummer',
    claimed: 'Signierzeit (angegeben)',
    timestamp: 'Zeitstempel',
    revision: 'Abgedeckte Revision',
    whole: 'Deckt das ganze Dokument ab',
    later: 'Spätere Änderungen',
    allowed: 'nur erlaubte',
    notAllowed: 'nicht erlaubt',
    level: 'Stufe',
    checks: 'Prüfungen',
    passed: 'bestanden',
    failed: 'nicht bestanden',
    yes: 'ja',
    no: 'nein',
    trust: 'Verwendete Vertrauensliste',
    fingerprint: 'SHA-256-Fingerabdruck',
    source: 'Herkunft',
    retained: 'Die Datei wurde im Arbeitsspeicher geprüft und nicht aufbewahrt.',
  },
  'fr-ch': {
    subject: 'Titulaire (Subject)',
    title: 'Rapport de validation des signatures',
    policy: 'Politique de validation',
    time: 'Heure de validation',
    document: 'Document',
    size: 'Taille (octets)',
    revisions: 'Révisions',
    signatures: 'Signatures',
    none: '—',
    noSignatures: 'Le document ne contient aucune signature.',
    field: 'Champ',
    kind: 'Type',
    indication: 'Résultat',
    reason: 'Motif',
    signer: 'Signataire',
    issuer: 'Émetteur',
    serial: 'Numéro de série',
    claimed: 'Heure de signature (déclarée)',
    timestamp: 'Horodatage',
    revision: 'Révision couverte',
    whole: 'Couvre tout le document',
    later: 'Modifications ultérieures',
    allowed: 'seulement des modifications permises',
    notAllowed: 'non permises',
    level: 'Niveau',
    checks: 'Contrôles',
    passed: 'réussi',
    failed: 'échoué',
    yes: 'oui',
    no: 'non',
    trust: 'Liste de confiance utilisée',
    fingerprint: 'Empreinte SHA-256',
    source: 'Source',
    retained: 'Le fichier a été vérifié en mémoire et n’a pas été conservé.',
  },
  it: {
    subject: 'Titolare (Subject)',
    title: 'Rapporto di validazione delle firme',
    policy: 'Politica di validazione',
    time: 'Ora della validazione',
    document: 'Documento',
    size: 'Dimensione (byte)',
    revisions: 'Revisioni',
    signatures: 'Firme',
    none: '—',
    noSignatures: 'Il documento non contiene firme.',
    field: 'Campo',
    kind: 'Tipo',
    indication: 'Esito',
    reason: 'Motivo',
    signer: 'Firmatario',
    issuer: 'Emittente',
    serial: 'Numero di serie',
    claimed: 'Ora della firma (dichiarata)',
    timestamp: 'Marca temporale',
    revision: 'Revisione coperta',
    whole: 'Copre l’intero documento',
    later: 'Modifiche successive',
    allowed: 'solo modifiche consentite',
    notAllowed: 'non consentite',
    level: 'Livello',
    checks: 'Controlli',
    passed: 'superato',
    failed: 'non superato',
    yes: 'sì',
    no: 'no',
    trust: 'Lista di fiducia utilizzata',
    fingerprint: 'Impronta SHA-256',
    source: 'Origine',
    retained: 'Il file è stato verificato in memoria e non è stato conservato.',
  },
} satisfies Record<Language, Record<string, string>>;

/** The report as HTML for the PDF (every value escaped: subjects and field names are the file's). */
function reportHtml(report: ValidationReport, language: Language): string {
  const l = labels[language];
  const e = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? l.none : escapeHtml(String(value));
  const when = (value: string | null) =>
    value ? e(value.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')) : l.none;
  const mono = (value: string) => `<span class="mono">${e(value)}</span>`;
  const signatures = report.signatures
    .map((s, i) => {
      const checks = s.checks
        .map(
          (c) =>
            `<tr><td>${e(c.name)}</td><td>${c.passed ? l.passed : `<b>${l.failed}</b>`}</td><td>${e(c.detail)}</td></tr>`,
        )
        .join('');
      const later = s.laterChangesAllowed
        ? l.allowed
        : `<b>${l.notAllowed}</b>: ${e(s.disallowedChanges.join('; '))}`;
      return `<h3>${i + 1}. ${e(s.fieldName)} (${e(s.kind)})</h3>
<table>
<tr><th>${l.indication}</th><td><b>${e(s.indication)}</b>${s.subIndication ? ` / ${e(s.subIndication)}` : ''}</td></tr>
<tr><th>${l.reason}</th><td>${e(s.reason)}</td></tr>
<tr><th>${l.signer}</th><td>${e(s.signer?.subject)}</td></tr>
<tr><th>${l.issuer}</th><td>${e(s.signer?.issuer)}</td></tr>
<tr><th>${l.serial}</th><td>${s.signer ? mono(s.signer.serialNumber) : l.none}</td></tr>
<tr><th>${l.claimed}</th><td>${when(s.signingTime)}</td></tr>
<tr><th>${l.timestamp}</th><td>${when(s.timestampTime)}</td></tr>
<tr><th>${l.revision}</th><td>${e(s.revision)}</td></tr>
<tr><th>${l.whole}</th><td>${s.coversWholeDocument ? l.yes : l.no}</td></tr>
<tr><th>${l.later}</th><td>${later}</td></tr>
<tr><th>${l.level}</th><td>${e(s.level)}</td></tr>
</table>
<table><tr><th>${l.checks}</th><th></th><th></th></tr>${checks}</table>`;
    })
    .join('\n');
  const anchors = report.trustList
    .map(
      (a) => `<tr><td>${e(a.subject)}</td><td>${mono(a.sha256Fingerprint)}</td><td>${e(a.source)}</td></tr>`,
    )
    .join('');
  return `<!DOCTYPE html><html><head><meta charset="utf-8"/><style>
body { font-family: sans-serif; font-size: 9pt; margin: 36pt; }
h1 { font-size: 16pt; } h2 { font-size: 12pt; margin-top: 14pt; } h3 { font-size: 10pt; margin-top: 10pt; }
table { border-collapse: collapse; width: 100%; margin-top: 4pt; }
th, td { border: 0.5pt solid #888; padding: 2pt 3pt; text-align: left; vertical-align: top; }
th { background-color: #e8ecf3; width: 30%; }
.mono { font-family: monospace; font-size: 7pt; }
</style></head><body>
<h1>${l.title}</h1>
<table>
<tr><th>${l.policy}</th><td>${e(report.policy)}</td></tr>
<tr><th>${l.time}</th><td>${when(report.validationTime)}</td></tr>
<tr><th>${l.document} (SHA-256)</th><td>${mono(report.document.sha256)}</td></tr>
<tr><th>${l.size}</th><td>${report.document.size}</td></tr>
<tr><th>${l.revisions}</th><td>${report.document.revisionCount}</td></tr>
</table>
<h2>${l.signatures}</h2>
${signatures || `<p>${l.noSignatures}</p>`}
<h2>${l.trust}</h2>
<table><tr><th>${l.subject}</th><th>${l.fingerprint}</th><th>${l.source}</th></tr>${anchors}</table>
<p>${l.retained}</p>
</body></html>`;
}

export function validationReportPdf(report: ValidationReport, language: Language): Uint8Array {
  return htmlToPdf(reportHtml(report, language), { title: labels[language].title });
}
