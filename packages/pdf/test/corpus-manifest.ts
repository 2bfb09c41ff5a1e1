import { execFileSync } from 'node:child_process';
import * as mupdf from 'mupdf';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared corpus sits beside the repository (../shared from its root). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../shared/pdf-corpus/', import.meta.url));

export interface CorpusFile {
  file: string;
  /** Page count pdfinfo reports; null for files pdfinfo cannot read. */
  pages: number | null;
  expected: string;
  /** The user password the manifest gives for a file that needs one. */
  password?: string;
}

export const corpus: CorpusFile[] = readFileSync(join(CORPUS_DIR, 'MANIFEST.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const cols = line.split('\t');
    const pages = Number(cols[3]);
    const password = /\[user password: "([^"]+)"\]/.exec(cols[5] ?? '')?.[1];
    return {
      file: cols[0] ?? '',
      pages: Number.isInteger(pages) ? pages : null,
      expected: cols[6] ?? '',
      ...(password === undefined ? {} : { password }),
    };
  });

export function corpusBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(join(CORPUS_DIR, file)));
}

export const USER_PASSWORD_FILE = 'encrypted-user-password-rc4-openpassword.pdf';
export const USER_PASSWORD = 'openpassword';

/**
 * The engine's policy where the manifest leaves a choice: the stable code of each rejected file.
 * Every other file is accepted; the ones listed in REPAIRED open only through repair.
 */
export const REJECTED: Record<string, string> = {
  'not-a-pdf-jpeg-image.pdf': 'PDF_NOT_A_PDF',
  'malformed-page-tree-loop.pdf': 'PDF_DAMAGED',
  'malformed-truncated-at-1mib.pdf': 'PDF_DAMAGED',
};
export const REPAIRED = new Set([
  'malformed-bad-startxref-offset.pdf',
  'malformed-leading-junk-pdf20.pdf',
  'signed-broken-byterange-corrupted.pdf',
]);

/** Exit status and output of a command; never throws on a non-zero exit. */
export function run(cmd: string, args: string[]): { status: number; out: string } {
  try {
    return {
      status: 0,
      out: execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, out: `${err.stdout}${err.stderr}` };
  }
}

/** The qpdf options of each security handler revision, for `encryptedCorpusFile`. */
export const SECURITY_HANDLERS = {
  'R2 RC4-40': ['40'],
  'R3 RC4-128': ['128', '--use-aes=n'],
  'R4 AES-128': ['128', '--use-aes=y'],
  'R6 AES-256': ['256'],
} as const;

let scratch: string | undefined;

/**
 * A corpus file encrypted by qpdf (a writer nobody here wrote) with `handler`'s revision, the
 * owner password "owner-secret", the given user password (empty: opens without one) and qpdf's
 * permission options, e.g. ['--modify=none'] (40-bit: ['--modify=n', '--annotate=n']).
 */
export function encryptedCorpusFile(
  file: string,
  handler: keyof typeof SECURITY_HANDLERS,
  permissions: string[] = [],
  userPassword = '',
): Uint8Array {
  scratch ??= mkdtempSync(join(tmpdir(), 'signet-qpdf-encrypted-'));
  const [bits, ...options] = SECURITY_HANDLERS[handler];
  const out = join(scratch, `${handler.replace(/\W/g, '-')}-${Date.now()}-${Math.random()}.pdf`);
  execFileSync('qpdf', [
    '--allow-weak-crypto',
    '--encrypt',
    userPassword,
    OWNER_PASSWORD,
    bits,
    ...options,
    ...permissions,
    '--',
    join(CORPUS_DIR, file),
    out,
  ]);
  return new Uint8Array(readFileSync(out));
}

export const OWNER_PASSWORD = 'owner-secret';

/**
 * The basic corpus file certified (DocMDP) at `level` (1: no changes, 2: form filling and
 * signing, 3: also annotations), as an incremental update.
 */
export function certifiedCorpusFile(level: 1 | 2 | 3): Uint8Array {
  const doc = new mupdf.PDFDocument(corpusBytes('basic-pdf15-libreoffice-writer.pdf'));
  const params = doc.newDictionary();
  params.put('P', level);
  params.put('Type', doc.newName('TransformParams'));
  const reference = doc.newDictionary();
  reference.put('TransformMethod', doc.newName('DocMDP'));
  reference.put('TransformParams', params);
  const sig = doc.addObject(doc.newDictionary());
  sig.put('Type', doc.newName('Sig'));
  sig.put('Reference', [reference]);
  const perms = doc.newDictionary();
  perms.put('DocMDP', sig);
  doc.getTrailer().get('Root').put('Perms', perms);
  const out = doc.saveToBuffer('incremental').asUint8Array().slice();
  doc.destroy();
  return out;
}
