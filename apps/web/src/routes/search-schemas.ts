import type { SearchSchemaInput } from '@tanstack/react-router';
import { z } from 'zod';
import { BillingCycle, chosenPlans } from '@signet/contracts/billing';
import { SsoFailure } from '@signet/contracts/business-sso';
import type { LoginSearch } from '../features/account/login-search.ts';
import type { DashboardSearch } from '../features/dashboard/dashboard-search.ts';

/** A query with a fixed vocabulary; a value outside it is a route validation failure (404). */
function validated<T extends z.ZodType>(schema: T) {
  return (search: Record<string, unknown>): z.output<T> => schema.parse(search);
}

/**
 * A query the page's guard normalises itself (router: pageNormalisers), so it passes unchanged;
 * the type says what a link may put in it.
 */
function normalisedByGuard<T>() {
  return (search: T & SearchSchemaInput): Record<string, unknown> => search;
}

const token = z.looseObject({ token: z.string().optional() });
/** The signature request a page works for (spec §2 query parameter `sr`). */
const srValue = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/)
  .optional();
const sr = validated(z.looseObject({ sr: srValue }));

/** The search validator of each page key (route table) that has one. */
const searchValidators = {
  'business-activity': validated(
    z.looseObject({ tab: z.enum(['signatures', 'accounts', 'identifications']).optional() }),
  ),
  'signup-confirm': validated(token),
  'signup-steps': validated(token),
  'business-signup-confirm': validated(token),
  'profile-confirm': validated(token),
  'password-reset-new': validated(token),
  'business-signup': validated(z.looseObject({ ucc: z.string().max(100).optional() })),
  // The draft request the editor opens (see upload-route.tsx).
  upload: sr,
  // The request a person identifies for: they return to its signing afterwards.
  'signature-standards': sr,
  'standards-update': sr,
  'standards-legislation': sr,
  'standards-eidas': sr,
  'standards-eidas-self': sr,
  'standards-eidas-video': sr,
  'standards-zertes': sr,
  'standards-zertes-auto': sr,
  'standards-zertes-video': sr,
  'standards-zertes-personal-details': sr,
  // The SHA-256 a signature's QR code names; anything else is ignored rather than a 404.
  validate: validated(
    z.looseObject({
      document: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional()
        .catch(undefined),
    }),
  ),
  // The plan chosen on /upgrade and its cycle: the summary the payment step starts from.
  upgrade: validated(
    z.looseObject({
      plan: z.enum(chosenPlans).optional().catch(undefined),
      cycle: BillingCycle.optional().catch(undefined),
    }),
  ),
  login: normalisedByGuard<LoginSearch>(),
  // Why a single sign-on failed; an unknown reason is dropped rather than a 404.
  'sso-error': validated(z.looseObject({ reason: SsoFailure.optional().catch(undefined) })),
  dashboard: normalisedByGuard<Partial<DashboardSearch>>(),
};

export type SearchValidatorOf<K extends string> = K extends keyof typeof searchValidators
  ? (typeof searchValidators)[K]
  : undefined;

export function searchValidator<K extends string>(page: K): SearchValidatorOf<K> {
  return (searchValidators as Record<string, unknown>)[page] as SearchValidatorOf<K>;
}

/** Ids in paths: letters, digits and a few separators (an e-mail-like seal name included). */
const pathParamPattern = /^[A-Za-z0-9._@-]{1,128}$/;

class RouteValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteValidationError';
  }
}

/** Checks every path parameter against pathParamPattern; the route's params keep their names. */
export function parsePathParams<T extends object>(params: T): T {
  for (const [name, value] of Object.entries(params as Record<string, string>)) {
    if (!pathParamPattern.test(value)) throw new RouteValidationError(`Invalid ${name}`);
  }
  return params;
}
