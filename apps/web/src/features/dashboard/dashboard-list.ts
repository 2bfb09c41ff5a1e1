import { linkOptions } from '@tanstack/react-router';
import type { z } from 'zod';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { ListSignatureRequestsQuery } from '@signet/contracts/signature-requests';
import type { DashboardSearch } from './dashboard-search.ts';

/** Rows per page of the dashboard list (the API allows up to 100). */
export const dashboardPageSize = 20;

/** The list call's query as the web app sends it (every field explicit). */
export type ListQuery = z.output<typeof ListSignatureRequestsQuery>;

/** Who is looking at the list: a row's actions depend on whether they own it or sign it. */
export interface Viewer {
  id: string;
  email: string;
}

/**
 * The API query for a tab and filter, page and search text. The inbox's filters are the API's own
 * (spec §4); the drafts tab is every request narrowed to DRAFT (only one's own drafts are listed).
 * The search is trimmed and left out when empty.
 */
export function listQueryFor(search: DashboardSearch, page: number, text: string): ListQuery {
  const trimmed = text.trim();
  return {
    ...(search.tab === 'drafts'
      ? { filter: 'all' as const, status: 'DRAFT' as const }
      : { filter: search.filter ?? 'toSign' }),
    page,
    size: dashboardPageSize,
    ...(trimmed ? { search: trimmed.slice(0, 200) } : {}),
  };
}

export const pageCount = (total: number, size = dashboardPageSize) => Math.max(1, Math.ceil(total / size));

/** Where a row leads: a draft back into the editor, anything else to its view page. */
export function rowTarget(request: Pick<SignatureRequest, 'id' | 'status_overall'>) {
  return request.status_overall === 'DRAFT'
    ? linkOptions({ to: '/upload', search: { sr: request.id } })
    : linkOptions({ to: '/view/$srid', params: { srid: request.id } });
}

/** The viewer's own signature in a request, if they sign it (account signers only: visitors have no account). */
export function mySignature(request: SignatureRequest, viewer: Viewer) {
  const email = viewer.email.toLowerCase();
  return request.signatures.find(
    (signature) => signature.signer_type === 'account' && signature.account_email?.toLowerCase() === email,
  );
}

/**
 * Why the viewer cannot batch-sign a request, or null when they can. QES needs an SMS code and
 * Part 11 the signing name, reason and password: those are signed one by one on their own page.
 */
export type SignBlock = 'not_signer' | 'not_open' | 'not_your_turn' | 'needs_own_page';

export function signBlock(request: SignatureRequest, viewer: Viewer): SignBlock | null {
  if (request.status_overall !== 'OPEN') return 'not_open';
  const mine = mySignature(request, viewer);
  if (!mine || request.signature_status === null) return 'not_signer';
  if (mine.status_code !== 'OPEN') return 'not_open';
  if (!mine.can_sign_now) return 'not_your_turn';
  if (mine.quality === 'qes' || mine.quality === 'part11') return 'needs_own_page';
  return null;
}

/** Only the owner deletes, and an open request must be withdrawn first (the API refuses it otherwise). */
export type DeleteBlock = 'not_owner' | 'still_open';

export function deleteBlock(request: SignatureRequest, viewer: Viewer): DeleteBlock | null {
  if (request.owner.id !== viewer.id) return 'not_owner';
  if (request.status_overall === 'OPEN') return 'still_open';
  return null;
}

/** What the selected rows allow: the ones that can be signed in one batch, and the ones that can be deleted. */
export function selectionActions(
  requests: readonly SignatureRequest[],
  selected: ReadonlySet<string>,
  viewer: Viewer,
) {
  const chosen = requests.filter((request) => selected.has(request.id));
  const signable = chosen.filter((request) => signBlock(request, viewer) === null);
  const deletable = chosen.filter((request) => deleteBlock(request, viewer) === null);
  const ownPage = chosen.filter((request) => signBlock(request, viewer) === 'needs_own_page');
  return { chosen, signable, deletable, ownPage };
}

/** Toggles one id; `all` toggles every row of the page (all selected → none, else all). */
export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return allSelected ? new Set() : new Set(ids);
}

/** Keeps only the selected ids that are still on the page (after a refetch or a page change). */
export function pruneSelection(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const present = new Set(ids);
  return new Set([...selected].filter((id) => present.has(id)));
}

/** The date a row shows: when it finished, else when it last changed. */
export function rowDate(request: Pick<SignatureRequest, 'completed_at' | 'updated_at'>) {
  return request.completed_at
    ? { key: 'completed_at' as const, value: request.completed_at }
    : { key: 'updated_at' as const, value: request.updated_at };
}

/** Error codes the dashboard explains in its own words; anything else gets the generic text. */
const knownSignErrors = [
  'FREE_SIGNATURES_EXHAUSTED',
  'NOT_YOUR_TURN',
  'ALREADY_SIGNED',
  'SIGNATURE_REQUEST_NOT_OPEN',
  'QUALITY_NOT_AVAILABLE',
  'PART11_DATA_REQUIRED',
  'MOBILE_REQUIRED',
  'REQUEST_LOCKED',
  'VALIDATION_FAILED',
  'NETWORK_ERROR',
] as const;

export function signErrorKey(code: string | undefined): string {
  const known = knownSignErrors.find((candidate) => candidate === code);
  return known ? `batch.errors.${known}` : 'batch.errors.generic';
}
