import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { businessSignupEndpoints } from '@signet/contracts/endpoints/business-signup';
import { userCaller, type UserCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { AppError } from '../../errors.ts';
import { issueApiUserToken } from '../businesses/business-api-users.service.ts';
import { deleteAccount, type AccountDeletionDeps } from './account-deletion.service.ts';
import * as accounts from './accounts.service.ts';
import { confirmBusinessSignup, requestBusinessSignup } from './business-signup.service.ts';
import { login } from './login.service.ts';
import * as passwords from './passwords.service.ts';
import * as profile from './profile.service.ts';
import { logout } from './sessions.service.ts';
import * as signup from './signup.service.ts';
import { addressesSentTo } from '../signature-requests/signature-requests.service.ts';

/** The signed-in user on a public call, if any: some public calls do more for them. */
const signedInUser = (request: FastifyRequest): UserCaller | null =>
  request.caller?.kind === 'user' ? request.caller : null;

/** The module's calls need the request services too (deleting an account withdraws its requests). */
export type AccountsRouteDeps = AccountDeletionDeps & { referralTokenKey: Uint8Array };

export async function accountsRoutes(app: FastifyInstance, deps: AccountsRouteDeps): Promise<void> {
  registerEndpoints(app, accountEndpoints, {
    requestConfirmation: async (request) => {
      await signup.requestConfirmation(deps, {
        ...request.body,
        ip: request.ip,
        caller: signedInUser(request),
      });
    },
    validConfirmation: (request) => signup.validConfirmation(deps, request.body.token),
    register: (request) => signup.register(deps, request.body),
    login: (request) => {
      const caller = signedInUser(request);
      if (caller?.apiUserId) {
        // A token gives no new token: only the secret does, so a leaked token ends when it expires.
        if (caller.apiUserBy !== 'secret')
          throw new AppError('UNAUTHENTICATED', "Give the API user's Basic credentials for a token.");
        return issueApiUserToken(deps, caller.apiUserId);
      }
      if (!request.body)
        throw new AppError('VALIDATION_FAILED', 'Give an e-mail address and a password.', { field: 'body' });
      return login(deps, { ...request.body, ip: request.ip });
    },
    logout: async (request) => {
      await logout(deps, userCaller(request));
    },
    getUser: (request) => accounts.getUser(deps, userCaller(request).userId),
    updateUser: (request) => profile.updateUser(deps, userCaller(request), request.body, request.ip),
    signatureQualitiesDetail: (request) => profile.signatureQualitiesDetail(deps, userCaller(request).userId),
    checkPassword: (request) =>
      passwords.checkPassword(deps, { ...request.body, ip: request.ip, caller: signedInUser(request) }),
    changePassword: async (request) => {
      await passwords.changePassword(deps, userCaller(request), request.body);
    },
    requestReset: async (request) => {
      await passwords.requestReset(deps, { ...request.body, ip: request.ip });
    },
    resetPassword: async (request) => {
      await passwords.resetPassword(deps, request.body);
    },
    accept: (request) => profile.accept(deps, userCaller(request), request.body.accept),
    deleteUser: async (request) => {
      await deleteAccount(deps, userCaller(request), request.body.password);
    },
    referralToken: (request) => profile.referralToken(deps, userCaller(request)),
    datetime: () => {
      const now = deps.clock.now();
      return { datetime: now.toISOString(), timestamp: now.getTime() };
    },
    emailAutocomplete: async (request) => {
      const { userId } = userCaller(request);
      const [own, sentTo] = await Promise.all([
        profile.emailAutocomplete(deps, userId, request.query.q),
        addressesSentTo(deps, userId, request.query.q),
      ]);
      return { emails: [...new Set([...own.emails, ...sentTo])].slice(0, 10) };
    },
  });
  registerEndpoints(app, businessSignupEndpoints, {
    businessSignup: async (request) => {
      await requestBusinessSignup(deps, { ...request.body, ip: request.ip });
    },
    confirmBusinessSignup: (request) => confirmBusinessSignup(deps, request.body.token),
  });
}
