import { describe, expect, it } from 'vitest';
import type { Signature, SignatureRequest } from '@signet/contracts/signature-requests';
import {
  dashboardPageSize,
  deleteBlock,
  listQueryFor,
  pageCount,
  pruneSelection,
  rowTarget,
  selectionActions,
  signBlock,
  signErrorKey,
  toggleAll,
  toggleSelection,
} from './dashboard-list.ts';

const me = { id: 'user-me', email: 'Me@Example.ch' };

function signature(overrides: Partial<Signature> = {}): Signature {
  return {
    sid: 'sid-1',
    sequence: 1,
    signer_type: 'account',
    account_email: 'me@example.ch',
    email: 'me@example.ch',
    first_name: 'Mia',
    last_name: 'Me',
    language: 'en-gb',
    status_code: 'OPEN',
    quality: 'aes',
    signed_at: null,
    declined_at: null,
    decline_message: null,
    visual_signatures: [],
    can_sign_now: true,
    ...overrides,
  };
}

function request(overrides: Partial<SignatureRequest> = {}): SignatureRequest {
  return {
    id: 'r1',
    title: 'Lease',
    message: null,
    owner: {
      id: 'someone-else',
      email: 'o@example.ch',
      first_name: 'Olga',
      last_name: 'Owner',
      business_id: null,
    },
    status_overall: 'OPEN',
    signature_status: 'OPEN',
    signatures_count: 1,
    signed_count: 0,
    quality: 'aes',
    legislation: 'zertes',
    signing_order: false,
    documents: [],
    signatures: [signature()],
    observers: [],
    attachments: [],
    exit_url: null,
    error_url: null,
    decline_url: null,
    redirect_timeout: 45,
    embed: false,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-02T10:00:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

describe('listQueryFor', () => {
  it('sends the inbox filter, the page and the trimmed search', () => {
    expect(listQueryFor({ tab: 'inbox', filter: 'declined' }, 3, '  lease ')).toEqual({
      filter: 'declined',
      page: 3,
      size: dashboardPageSize,
      search: 'lease',
    });
  });
  it('leaves an empty search out and defaults the filter to toSign', () => {
    expect(listQueryFor({ tab: 'inbox' }, 1, '   ')).toEqual({ filter: 'toSign', page: 1, size: 20 });
  });
  it('lists the drafts tab as all requests narrowed to DRAFT', () => {
    expect(listQueryFor({ tab: 'drafts' }, 1, '')).toEqual({
      filter: 'all',
      status: 'DRAFT',
      page: 1,
      size: 20,
    });
  });
  it('never sends more than the API accepts', () => {
    expect(listQueryFor({ tab: 'inbox', filter: 'all' }, 1, 'x'.repeat(300)).search).toHaveLength(200);
  });
});

describe('rows', () => {
  it('open a draft in the editor and anything else on its view page', () => {
    expect(rowTarget({ id: 'a b', status_overall: 'DRAFT' })).toEqual({
      to: '/upload',
      search: { sr: 'a b' },
    });
    expect(rowTarget({ id: 'r1', status_overall: 'SIGNED' })).toEqual({
      to: '/view/$srid',
      params: { srid: 'r1' },
    });
  });
  it('count pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});

describe('signBlock', () => {
  it('allows an open SES/AES signature of mine whose turn it is (e-mail case does not matter)', () => {
    expect(signBlock(request(), me)).toBeNull();
    expect(
      signBlock(request({ quality: 'ses', signatures: [signature({ quality: 'ses' })] }), me),
    ).toBeNull();
  });
  it('sends QES and Part 11 to their own page', () => {
    expect(signBlock(request({ signatures: [signature({ quality: 'qes' })] }), me)).toBe('needs_own_page');
    expect(signBlock(request({ signatures: [signature({ quality: 'part11' })] }), me)).toBe('needs_own_page');
  });
  it('refuses what is not mine, not open, or not my turn', () => {
    expect(
      signBlock(
        request({ signature_status: null, signatures: [signature({ account_email: 'x@y.ch' })] }),
        me,
      ),
    ).toBe('not_signer');
    expect(signBlock(request({ status_overall: 'SIGNED' }), me)).toBe('not_open');
    expect(signBlock(request({ signatures: [signature({ status_code: 'SIGNED' })] }), me)).toBe('not_open');
    expect(signBlock(request({ signatures: [signature({ can_sign_now: false })] }), me)).toBe(
      'not_your_turn',
    );
  });
});

describe('deleteBlock', () => {
  it('lets the owner delete drafts and finished requests, not open ones; others never', () => {
    const mine = { id: me.id, email: me.email, first_name: 'Mia', last_name: 'Me', business_id: null };
    expect(deleteBlock(request({ owner: mine, status_overall: 'DRAFT' }), me)).toBeNull();
    expect(deleteBlock(request({ owner: mine, status_overall: 'DECLINED' }), me)).toBeNull();
    expect(deleteBlock(request({ owner: mine, status_overall: 'OPEN' }), me)).toBe('still_open');
    expect(deleteBlock(request({ status_overall: 'SIGNED' }), me)).toBe('not_owner');
  });
});

describe('selection', () => {
  it('toggles one row and all rows of the page', () => {
    const one = toggleSelection(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggleSelection(one, 'a')]).toEqual([]);
    expect([...toggleAll(one, ['a', 'b'])].sort()).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });
  it('forgets rows that left the page', () => {
    expect([...pruneSelection(new Set(['a', 'gone']), ['a', 'b'])]).toEqual(['a']);
  });
  it('splits the selected rows into signable, deletable and own-page ones', () => {
    const mine = { id: me.id, email: me.email, first_name: 'Mia', last_name: 'Me', business_id: null };
    const rows = [
      request({ id: 'sign' }),
      request({ id: 'qes', signatures: [signature({ quality: 'qes' })] }),
      request({ id: 'done', owner: mine, status_overall: 'SIGNED' }),
      request({ id: 'unselected' }),
    ];
    const actions = selectionActions(rows, new Set(['sign', 'qes', 'done']), me);
    expect(actions.chosen.map((r) => r.id)).toEqual(['sign', 'qes', 'done']);
    expect(actions.signable.map((r) => r.id)).toEqual(['sign']);
    expect(actions.ownPage.map((r) => r.id)).toEqual(['qes']);
    expect(actions.deletable.map((r) => r.id)).toEqual(['done']);
  });
});

describe('signErrorKey', () => {
  it('explains known codes and falls back to the generic text', () => {
    expect(signErrorKey('FREE_SIGNATURES_EXHAUSTED')).toBe('batch.errors.FREE_SIGNATURES_EXHAUSTED');
    expect(signErrorKey('PAGE_NOT_FOUND')).toBe('batch.errors.generic');
    expect(signErrorKey(undefined)).toBe('batch.errors.generic');
  });
});
