import { describe, expect, it } from 'vitest';
import type { Document } from '@signet/contracts/documents';
import {
  admit,
  checkFile,
  draftTitle,
  formatBytes,
  looksLikePdf,
  uploadErrorFor,
  uploadsReducer,
  uploadSummary,
  type UploadItem,
} from './upload-files.ts';

const MB = 1024 * 1024;
const pdf = (size: number, name = 'a.pdf') => ({ name, type: 'application/pdf', size });

describe('checkFile', () => {
  it('accepts a PDF by type or by name', () => {
    expect(checkFile(pdf(1000))).toBeNull();
    expect(checkFile({ name: 'scan.PDF', type: '', size: 1000 })).toBeNull();
  });
  it('refuses other types, empty files and documents over 40 MB', () => {
    expect(checkFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toBe('not_pdf');
    expect(checkFile(pdf(0))).toBe('empty');
    expect(checkFile(pdf(40 * MB))).toBeNull();
    expect(checkFile(pdf(40 * MB + 1))).toBe('too_large');
  });
});

describe('looksLikePdf', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('finds the PDF header, also after leading bytes', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(bytes('\n\n  %PDF-1.4'))).toBe(true);
    expect(looksLikePdf(bytes('PK\u0003\u0004 a zip file'))).toBe(false);
  });
});

describe('formatBytes', () => {
  it('writes sizes in the unit of the language', () => {
    expect(formatBytes(40 * MB, 'en-gb')).toBe('40 MB');
    expect(formatBytes(40 * MB, 'fr-ch')).toMatch(/^40\sMo$/);
    expect(formatBytes(1.5 * MB, 'de-ch')).toBe('1.5 MB');
    expect(formatBytes(12_609, 'en-gb')).toBe('12 kB');
  });
});

describe('admit', () => {
  it('keeps the request within 60 MB and 10 documents, counting what is already there', () => {
    const existing = [
      { size: 30 * MB, error: null },
      { size: 50 * MB, error: 'too_large' as const },
    ];
    const files = [
      { size: 20 * MB, error: null },
      { size: 20 * MB, error: null },
      { size: 5 * MB, error: null },
      { size: 1, error: 'not_pdf' as const },
    ];
    expect(admit(existing, files)).toEqual([null, 'request_too_large', null, 'not_pdf']);
    const nine = Array.from({ length: 9 }, () => ({ size: 1, error: null }));
    expect(
      admit(nine, [
        { size: 1, error: null },
        { size: 1, error: null },
      ]),
    ).toEqual([null, 'too_many']);
  });
});

describe('uploadErrorFor', () => {
  it('maps the API codes and bare statuses to the page texts', () => {
    expect(uploadErrorFor('PAYLOAD_TOO_LARGE', 413, false)).toBe('too_large');
    expect(uploadErrorFor('HTTP_413', 413, false)).toBe('too_large');
    expect(uploadErrorFor('PDF_NOT_A_PDF', 400, false)).toBe('not_pdf');
    expect(uploadErrorFor('PDF_PASSWORD_REQUIRED', 400, false)).toBe('password_required');
    expect(uploadErrorFor('PDF_PASSWORD_REQUIRED', 400, true)).toBe('password_wrong');
    expect(uploadErrorFor('PDF_DAMAGED', 400, false)).toBe('damaged');
    expect(uploadErrorFor('PDF_SIGNING_NOT_PERMITTED', 400, false)).toBe('not_signable');
    expect(uploadErrorFor('PDF_SIGNING_NOT_PERMITTED', 400, true)).toBe('owner_password_wrong');
    expect(uploadErrorFor('PDF_SIGNING_NOT_PERMITTED', 400, false, 'permissions')).toBe('not_signable');
    expect(uploadErrorFor('PDF_SIGNING_NOT_PERMITTED', 400, true, 'certification')).toBe('certified');
    expect(uploadErrorFor('NETWORK_ERROR', 0, false)).toBe('network');
    expect(uploadErrorFor('UNAUTHENTICATED', 401, false)).toBe('session');
    expect(uploadErrorFor('INTERNAL_ERROR', 500, false)).toBe('generic');
  });
});

describe('uploadsReducer', () => {
  const item = (key: string, overrides: Partial<UploadItem> = {}): UploadItem => ({
    key,
    name: `${key}.pdf`,
    size: 10,
    status: 'queued',
    progress: 0,
    error: null,
    password: null,
    document: null,
    ...overrides,
  });
  const document = { id: 'd1', pageCount: 2 } as Document;

  it('follows one file from queued through progress to done, leaving the others alone', () => {
    let state = uploadsReducer([], { type: 'add', items: [item('a'), item('b')] });
    state = uploadsReducer(state, { type: 'start', key: 'a', password: null });
    state = uploadsReducer(state, { type: 'progress', key: 'a', progress: 0.4 });
    expect(state[0]).toMatchObject({ status: 'uploading', progress: 0.4 });
    expect(state[1]).toMatchObject({ status: 'queued', progress: 0 });
    state = uploadsReducer(state, { type: 'progress', key: 'a', progress: 7 });
    expect(state[0]?.progress).toBe(1);
    state = uploadsReducer(state, { type: 'done', key: 'a', document });
    expect(state[0]).toMatchObject({ status: 'done', document });
    // A late progress event does not reopen a finished upload.
    expect(uploadsReducer(state, { type: 'progress', key: 'a', progress: 0.1 })[0]?.status).toBe('done');
  });
  it('keeps an error on its file, clears it on a retry, and removes files', () => {
    let state = uploadsReducer([item('a')], { type: 'failed', key: 'a', error: 'password_required' });
    expect(state[0]).toMatchObject({ status: 'error', error: 'password_required' });
    state = uploadsReducer(state, { type: 'start', key: 'a', password: 'secret' });
    expect(state[0]).toMatchObject({ status: 'uploading', error: null, password: 'secret' });
    expect(uploadsReducer(state, { type: 'remove', key: 'a' })).toEqual([]);
  });
  it('lets the user continue only with an upload done and none running, titled after the first', () => {
    const done = item('Lease 2026', { status: 'done', document });
    expect(uploadSummary([done, item('x', { status: 'error', error: 'not_pdf' })]).canContinue).toBe(true);
    expect(uploadSummary([done, item('y', { status: 'uploading' })]).canContinue).toBe(false);
    expect(uploadSummary([item('z', { status: 'error', error: 'too_large' })]).canContinue).toBe(false);
    expect(draftTitle([item('x', { status: 'error' }), done])).toBe('Lease 2026');
  });
});
