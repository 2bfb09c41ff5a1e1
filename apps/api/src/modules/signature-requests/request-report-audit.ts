import type { Language } from '@signet/contracts/common';
import type { AuditVerification, auditLimitations } from '@signet/contracts/signature-requests';

type Check = keyof AuditVerification['checks'];
type Limitation = (typeof auditLimitations)[number];

interface AuditLabels {
  verified: string;
  partial: string;
  broken: string;
  eventCount: string;
  recordedCount: string;
  headHash: string;
  timestamp: string;
  timestampNone: string;
  /** `{n}`: the number of events the timestamp covers. */
  timestampCovers: string;
  checksHeading: string;
  checks: Record<Check, string>;
  passed: string;
  failed: string;
  notApplicable: string;
  limitsHeading: string;
  limits: Record<Limitation, string>;
}

/** The audit part of the signature report, in the reader's language. */
const labels: Record<Language, AuditLabels> = {
  'en-gb': {
    verified: 'The audit trail verifies: every check below passed.',
    partial: 'The audit trail could be checked only in part; see what this cannot verify.',
    broken: 'WARNING: the audit trail does not verify; it was changed after it was written.',
    eventCount: 'Events in the trail',
    recordedCount: 'Event count stored with the request',
    headHash: 'Head hash (last event)',
    timestamp: 'Timestamp of the head at completion',
    timestampNone: 'none yet',
    timestampCovers: 'covers events 1 to {n}',
    checksHeading: 'What was verified',
    checks: {
      chain_intact: 'Hash chain intact: events numbered without gaps, every hash recomputed from its event',
      macs_valid: "Every event's MAC (HMAC-SHA-256 with this installation's audit key) is valid",
      count_matches: 'The event count stored with the request matches the events found',
      head_matches: 'The head hash stored with the request matches the last event',
      anchor_mac_valid: 'The stored count and head carry a valid MAC (not changed without the key)',
      timestamp_valid:
        'The timestamp is valid (intact, from a trusted timestamp authority) for the hash this trail has at that event',
    },
    passed: 'yes',
    failed: 'NO',
    notApplicable: 'not applicable',
    limitsHeading: 'What this cannot verify',
    limits: {
      'unanchored-events':
        'Events recorded before Signet anchored audit trails have only the hash chain, which anyone able to write the database can recompute.',
      'not-timestamped':
        "The head is not timestamped yet (the request is not completed, or the timestamp authority was not reached yet): whoever holds this installation's audit key could rewrite the trail and its stored head, or roll both back to an earlier state, unnoticed.",
      'events-after-timestamp':
        "Events after the timestamped head are protected by the MAC only: whoever holds this installation's audit key could change them unnoticed.",
      'timestamp-not-checked': 'The trust list needed to check the timestamp was not available.',
      'tsa-revocation-not-checked':
        "The revocation status of the timestamp authority's certificate was not checked.",
    },
  },
  'de-ch': {
    verified: 'Der Prüfpfad ist bestätigt: Alle Prüfungen unten sind bestanden.',
    partial: 'Der Prüfpfad konnte nur teilweise geprüft werden; siehe, was dies nicht belegen kann.',
    broken: 'WARNUNG: Der Prüfpfad lässt sich nicht bestätigen; er wurde nach dem Schreiben verändert.',
    eventCount: 'Ereignisse im Prüfpfad',
    recordedCount: 'Beim Auftrag gespeicherte Anzahl Ereignisse',
    headHash: 'Kopf-Hash (letztes Ereignis)',
    timestamp: 'Zeitstempel des Kopfs beim Abschluss',
    timestampNone: 'noch keiner',
    timestampCovers: 'umfasst die Ereignisse 1 bis {n}',
    checksHeading: 'Was geprüft wurde',
    checks: {
      chain_intact:
        'Hash-Kette intakt: Ereignisse lückenlos nummeriert, jeder Hash aus seinem Ereignis neu berechnet',
      macs_valid:
        'Der MAC jedes Ereignisses (HMAC-SHA-256 mit dem Prüfpfad-Schlüssel dieser Installation) ist gültig',
      count_matches: 'Die beim Auftrag gespeicherte Anzahl entspricht den gefundenen Ereignissen',
      head_matches: 'Der beim Auftrag gespeicherte Kopf-Hash entspricht dem letzten Ereignis',
      anchor_mac_valid:
        'Gespeicherte Anzahl und Kopf tragen einen gültigen MAC (nicht ohne den Schlüssel verändert)',
      timestamp_valid:
        'Der Zeitstempel ist gültig (unverändert, von einem vertrauenswürdigen Zeitstempeldienst) für den Hash, den dieser Prüfpfad bei jenem Ereignis hat',
    },
    passed: 'ja',
    failed: 'NEIN',
    notApplicable: 'entfällt',
    limitsHeading: 'Was dies nicht belegen kann',
    limits: {
      'unanchored-events':
        'Ereignisse, die erfasst wurden, bevor Signet Prüfpfade verankerte, sind nur durch die Hash-Kette geschützt, die jeder mit Schreibzugriff auf die Datenbank neu berechnen kann.',
      'not-timestamped':
        'Der Kopf hat noch keinen Zeitstempel (der Auftrag ist nicht abgeschlossen oder der Zeitstempeldienst war noch nicht erreichbar): Wer den Prüfpfad-Schlüssel dieser Installation besitzt, könnte den Prüfpfad samt gespeichertem Kopf unbemerkt umschreiben oder beide auf einen früheren Stand zurücksetzen.',
      'events-after-timestamp':
        'Ereignisse nach dem Kopf mit Zeitstempel sind nur durch den MAC geschützt: Wer den Prüfpfad-Schlüssel dieser Installation besitzt, könnte sie unbemerkt ändern.',
      'timestamp-not-checked': 'Die Vertrauensliste für die Prüfung des Zeitstempels war nicht verfügbar.',
      'tsa-revocation-not-checked':
        'Der Sperrstatus des Zertifikats des Zeitstempeldienstes wurde nicht geprüft.',
    },
  },
  'fr-ch': {
    verified: 'La piste d’audit est vérifiée : tous les contrôles ci-dessous sont réussis.',
    partial: 'La piste d’audit n’a pu être vérifiée qu’en partie ; voir ce que ceci ne peut pas vérifier.',
    broken: 'ATTENTION : la piste d’audit ne se vérifie pas ; elle a été modifiée après son écriture.',
    eventCount: 'Événements dans la piste',
    recordedCount: 'Nombre d’événements enregistré avec la demande',
    headHash: 'Hachage de tête (dernier événement)',
    timestamp: 'Horodatage de la tête à l’achèvement',
    timestampNone: 'pas encore',
    timestampCovers: 'couvre les événements 1 à {n}',
    checksHeading: 'Ce qui a été vérifié',
    checks: {
      chain_intact:
        'Chaîne de hachage intacte : événements numérotés sans lacune, chaque hachage recalculé à partir de son événement',
      macs_valid:
        'Le MAC de chaque événement (HMAC-SHA-256 avec la clé d’audit de cette installation) est valide',
      count_matches: 'Le nombre d’événements enregistré avec la demande correspond aux événements trouvés',
      head_matches: 'Le hachage de tête enregistré avec la demande correspond au dernier événement',
      anchor_mac_valid: 'Le nombre et la tête enregistrés portent un MAC valide (non modifiés sans la clé)',
      timestamp_valid:
        'L’horodatage est valide (intact, d’une autorité d’horodatage de confiance) pour le hachage que cette piste a à cet événement',
    },
    passed: 'oui',
    failed: 'NON',
    notApplicable: 'sans objet',
    limitsHeading: 'Ce que ceci ne peut pas vérifier',
    limits: {
      'unanchored-events':
        'Les événements enregistrés avant que Signet n’ancre les pistes d’audit n’ont que la chaîne de hachage, que toute personne pouvant écrire dans la base de données peut recalculer.',
      'not-timestamped':
        'La tête n’est pas encore horodatée (la demande n’est pas achevée, ou l’autorité d’horodatage n’a pas encore été atteinte) : qui détient la clé d’audit de cette installation pourrait réécrire la piste et sa tête enregistrée, ou les ramener toutes deux à un état antérieur, sans que cela se voie.',
      'events-after-timestamp':
        'Les événements postérieurs à la tête horodatée ne sont protégés que par le MAC : qui détient la clé d’audit de cette installation pourrait les modifier sans que cela se voie.',
      'timestamp-not-checked':
        'La liste de confiance nécessaire pour vérifier l’horodatage n’était pas disponible.',
      'tsa-revocation-not-checked':
        'Le statut de révocation du certificat de l’autorité d’horodatage n’a pas été vérifié.',
    },
  },
  it: {
    verified: 'La traccia di controllo è verificata: tutti i controlli qui sotto sono superati.',
    partial:
      'La traccia di controllo ha potuto essere verificata solo in parte; vedi che cosa questo non può verificare.',
    broken:
      'ATTENZIONE: la traccia di controllo non si verifica; è stata modificata dopo essere stata scritta.',
    eventCount: 'Eventi nella traccia',
    recordedCount: 'Numero di eventi registrato con la richiesta',
    headHash: 'Hash di testa (ultimo evento)',
    timestamp: 'Marca temporale della testa al completamento',
    timestampNone: 'non ancora',
    timestampCovers: 'copre gli eventi da 1 a {n}',
    checksHeading: 'Che cosa è stato verificato',
    checks: {
      chain_intact:
        'Catena di hash integra: eventi numerati senza lacune, ogni hash ricalcolato dal suo evento',
      macs_valid:
        'Il MAC di ogni evento (HMAC-SHA-256 con la chiave di audit di questa installazione) è valido',
      count_matches: 'Il numero di eventi registrato con la richiesta corrisponde agli eventi trovati',
      head_matches: 'L’hash di testa registrato con la richiesta corrisponde all’ultimo evento',
      anchor_mac_valid:
        'Il numero e la testa registrati portano un MAC valido (non modificati senza la chiave)',
      timestamp_valid:
        'La marca temporale è valida (integra, di un’autorità di marcatura temporale fidata) per l’hash che questa traccia ha in quell’evento',
    },
    passed: 'sì',
    failed: 'NO',
    notApplicable: 'non applicabile',
    limitsHeading: 'Che cosa questo non può verificare',
    limits: {
      'unanchored-events':
        'Gli eventi registrati prima che Signet ancorasse le tracce di controllo hanno solo la catena di hash, che chiunque possa scrivere nella banca dati può ricalcolare.',
      'not-timestamped':
        'La testa non ha ancora una marca temporale (la richiesta non è completata o l’autorità di marcatura temporale non è ancora stata raggiunta): chi detiene la chiave di audit di questa installazione potrebbe riscrivere la traccia e la sua testa registrata, o riportarle entrambe a uno stato precedente, senza che si noti.',
      'events-after-timestamp':
        'Gli eventi successivi alla testa marcata temporalmente sono protetti solo dal MAC: chi detiene la chiave di audit di questa installazione potrebbe modificarli senza che si noti.',
      'timestamp-not-checked':
        'L’elenco di fiducia necessario per verificare la marca temporale non era disponibile.',
      'tsa-revocation-not-checked':
        'Lo stato di revoca del certificato dell’autorità di marcatura temporale non è stato verificato.',
    },
  },
};

/** Verdict first, then the stored head, the timestamp, each check and each limit of the checks. */
export function auditSectionHtml(
  audit: AuditVerification,
  language: Language,
  format: {
    text: (value: string | null) => string;
    time: (value: string | null) => string;
    digest: (hex: string) => string;
  },
): string {
  const l = labels[language];
  const verdict = audit.verified
    ? l.verified
    : Object.values(audit.checks).includes(false)
      ? l.broken
      : l.partial;
  const mark = (value: boolean | null) => (value === null ? l.notApplicable : value ? l.passed : l.failed);
  const stamp = audit.timestamp;
  const stampCell = stamp
    ? `${format.time(stamp.time)} · ${format.text(stamp.tsa)}<br/>${format.text(
        l.timestampCovers.replace('{n}', String(stamp.event_count)),
      )}<br/>${format.digest(stamp.head_hash)}`
    : l.timestampNone;
  const checks = (Object.keys(l.checks) as Check[])
    .map((check) => `<tr><td>${l.checks[check]}</td><td>${mark(audit.checks[check])}</td></tr>`)
    .join('\n');
  const limits = audit.not_verified.map((limit) => `<li>${l.limits[limit]}</li>`).join('\n');
  return `<p><strong>${verdict}</strong></p>
<table>
<tr><th>${l.eventCount}</th><td>${audit.event_count}</td><th>${l.recordedCount}</th><td>${audit.recorded_event_count ?? l.notApplicable}</td></tr>
<tr><th>${l.headHash}</th><td colspan="3">${audit.head_hash ? format.digest(audit.head_hash) : l.notApplicable}</td></tr>
<tr><th>${l.timestamp}</th><td colspan="3">${stampCell}</td></tr>
</table>
<h3>${l.checksHeading}</h3>
<table>${checks}</table>
${limits ? `<h3>${l.limitsHeading}</h3><ul>${limits}</ul>` : ''}`;
}
