import { z } from 'zod';

/** Query parameters with a fixed vocabulary; a value outside it is a route validation failure (404). */
export const searchSchemas: Record<string, z.ZodType<Record<string, unknown>>> = {
  'business-activity': z.looseObject({
    tab: z.enum(['signatures', 'accounts', 'identifications']).optional(),
  }),
  'signup-confirm': z.looseObject({ token: z.string().optional() }),
  'signup-steps': z.looseObject({ token: z.string().optional() }),
  'profile-confirm': z.looseObject({ token: z.string().optional() }),
  'password-reset-new': z.looseObject({ token: z.string().optional() }),
  'business-signup': z.looseObject({ ucc: z.string().max(100).optional() }),
  // The draft request the editor opens (see upload-route.tsx).
  upload: z.looseObject({
    sr: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  }),
};

/** Ids in paths: letters, digits and a few separators (an e-mail-like seal name included). */
export const pathParamPattern = /^[A-Za-z0-9._@-]{1,128}$/;

export class RouteValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteValidationError';
  }
}

export function parsePathParams(params: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(params)) {
    if (!pathParamPattern.test(value)) throw new RouteValidationError(`Invalid ${name}`);
  }
  return params;
}
