import { randomBytes } from 'node:crypto';
import type { BusinessDomain, DomainOffer } from '@signet/contracts/business-domains';
import type { UserBusiness } from '@signet/contracts/businesses';
import { DnsUnavailableError, type TxtLookup } from '../../adapters/dns-txt.ts';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { joinBusiness } from './business-invitations.service.ts';
import { userBusiness } from './businesses.service.ts';
import { lockBusiness, membershipOf } from './businesses.repository.ts';
import { requireFreeSeats, type SeatLimit } from './business-seats.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import * as repo from './business-domains.repository.ts';

export interface BusinessDomainsDeps extends BusinessesDeps, SeatLimit {
  dnsTxt: TxtLookup;
}

/** Where the record goes: a name of its own, so the domain's other TXT records stay untouched. */
const recordName = (domain: string) => `_signet-verification.${domain}`;
const recordValue = (token: string) => `signet-domain-verification=${token}`;

function toDto(row: repo.DomainRow): BusinessDomain {
  return {
    domain: row.domain,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    txtRecord: { name: recordName(row.domain), value: recordValue(row.verificationToken) },
  };
}

const takenElsewhere = () =>
  new AppError('DOMAIN_TAKEN', 'Another business has verified this domain', { field: 'domain' });

export async function listDomains(
  deps: BusinessDomainsDeps,
  caller: BusinessCaller,
): Promise<BusinessDomain[]> {
  return (await repo.listDomains(deps.db, caller.businessId)).map(toDto);
}

/** Claims the domain for the caller's business; it counts once its TXT record is found. */
export async function addDomain(
  deps: BusinessDomainsDeps,
  caller: BusinessCaller,
  domain: string,
): Promise<BusinessDomain> {
  if (await repo.verifiedElsewhere(deps.db, caller.businessId, domain)) throw takenElsewhere();
  const row = await repo.insertDomain(deps.db, {
    businessId: caller.businessId,
    domain,
    // Published in public DNS: it proves control of the zone, it grants nothing by itself.
    verificationToken: randomBytes(18).toString('base64url'),
    createdAt: deps.clock.now(),
  });
  if (!row)
    throw new AppError('DOMAIN_TAKEN', 'Your business has added this domain already', { field: 'domain' });
  return toDto(row);
}

/** Looks for the TXT record now; a domain found once stays verified until it is removed. */
export async function verifyDomain(
  deps: BusinessDomainsDeps,
  caller: BusinessCaller,
  domain: string,
): Promise<BusinessDomain> {
  const row = await repo.findDomain(deps.db, caller.businessId, domain);
  if (!row) throw new AppError('NOT_FOUND', 'Your business has not added this domain');
  if (row.verifiedAt) return toDto(row);
  if (await repo.verifiedElsewhere(deps.db, caller.businessId, domain)) throw takenElsewhere();

  const values = await lookUp(deps.dnsTxt, recordName(domain));
  const now = deps.clock.now();
  if (values.includes(recordValue(row.verificationToken))) {
    try {
      return toDto(
        await repo.updateDomain(deps.db, caller.businessId, domain, { verifiedAt: now, checkedAt: now }),
      );
    } catch (error) {
      // Another business verified it between the check above and now (the partial unique index).
      if (isUniqueViolation(error)) throw takenElsewhere();
      throw error;
    }
  }
  await repo.updateDomain(deps.db, caller.businessId, domain, { checkedAt: now });
  const dnsFinding = values.length === 0 ? 'noRecord' : 'otherValue';
  throw new AppError(
    'DOMAIN_NOT_VERIFIED',
    dnsFinding === 'noRecord'
      ? `No TXT record at ${recordName(domain)} yet (a new record can take a while to appear)`
      : `The TXT record at ${recordName(domain)} does not have the value Signet gave`,
    { details: { dnsFinding } },
  );
}

export async function removeDomain(
  deps: BusinessDomainsDeps,
  caller: BusinessCaller,
  domain: string,
): Promise<void> {
  if (!(await repo.deleteDomain(deps.db, caller.businessId, domain)))
    throw new AppError('NOT_FOUND', 'Your business has not added this domain');
}

async function lookUp(dnsTxt: TxtLookup, name: string) {
  try {
    return await dnsTxt(name);
  } catch (error) {
    if (error instanceof DnsUnavailableError)
      throw new AppError('DNS_UNAVAILABLE', 'The DNS did not answer; try again in a few minutes', {
        retryAfterSeconds: 60,
        cause: error,
      });
    throw error;
  }
}

/** PostgreSQL's unique_violation, as node-postgres and PGlite report it (Drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
}

/**
 * The business that verified the domain of the caller's (confirmed) e-mail address, while the
 * caller belongs to no business: what the dashboard offers them to join.
 */
export async function domainOffer(deps: BusinessesDeps, caller: UserCaller): Promise<DomainOffer> {
  const offer = (await membershipOf(deps.db, caller.userId)) ? null : await offerOfEmailDomain(deps, caller);
  if (!offer) throw noOffer();
  return offer;
}

/** The caller joins, as a member, the business their e-mail domain belongs to. */
export async function joinByDomain(
  deps: BusinessesDeps & SeatLimit,
  caller: UserCaller,
): Promise<UserBusiness> {
  if (await membershipOf(deps.db, caller.userId))
    throw new AppError('ALREADY_IN_BUSINESS', 'Your account belongs to a business already');
  const offer = await offerOfEmailDomain(deps, caller);
  if (!offer) throw noOffer();
  const { email } = await getAccount(deps, caller.userId);
  const member = { businessId: offer.businessId, userId: caller.userId, role: 'member' as const };
  const joined = await deps.db.transaction(async (tx) => {
    // Joining by domain takes a seat as an accepted invitation does, under the same lock.
    await lockBusiness(tx, offer.businessId);
    await requireFreeSeats(tx, offer.businessId, [email], deps.clock.now(), deps.seatLimit);
    return joinBusiness(tx, deps.clock, { ...member, joinedAt: deps.clock.now() });
  });
  // Joined another business between the offer and now.
  if (!joined) throw new AppError('ALREADY_IN_BUSINESS', 'Your account belongs to a business already');
  return userBusiness(deps, caller.userId);
}

const noOffer = () =>
  new AppError('NOT_FOUND', 'No business offers you to join it through your e-mail domain');

/** The business that verified the domain of the caller's address, if the address is confirmed. */
async function offerOfEmailDomain(deps: BusinessesDeps, caller: UserCaller): Promise<DomainOffer | null> {
  const account = await getAccount(deps, caller.userId);
  if (!account.emailVerified) return null;
  const domain = account.email.slice(account.email.lastIndexOf('@') + 1);
  const owner = await repo.verifiedOwner(deps.db, domain);
  return owner ? { ...owner, domain } : null;
}
