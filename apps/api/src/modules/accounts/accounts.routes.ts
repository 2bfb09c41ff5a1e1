import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptBody,
  ChangePasswordBody,
  CheckPasswordBody,
  CheckPasswordResponse,
  DatetimeResponse,
  DeleteUserBody,
  EmailAutocompleteQuery,
  EmailAutocompleteResponse,
  IdentityProvidersBody,
  IdentityProvidersResponse,
  LoginBody,
  LoginResponse,
  RegisterBody,
  RequestConfirmationBody,
  RequestResetBody,
  ResetPasswordBody,
  SignatureQualitiesDetail,
  TokenResponse,
  UpdateUserBody,
  User,
  ValidConfirmationBody,
  ValidConfirmationResponse,
} from '@signet/contracts/accounts';
import { ErrorResponse } from '@signet/contracts/errors';
import { userCaller } from '../../plugins/auth.ts';
import * as accounts from './accounts.service.ts';
import { identityProviderFor, login } from './login.service.ts';
import * as passwords from './passwords.service.ts';
import * as profile from './profile.service.ts';
import { logout } from './sessions.service.ts';
import * as signup from './signup.service.ts';
import { addressesSentTo } from '../signature-requests/signature-requests.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};
const noContent = { 204: z.null().describe('No content') };
const tags = ['Accounts'];

export async function accountsRoutes(app: FastifyInstance, deps: accounts.AccountsDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/request-confirmation', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Mail a confirmation link (signup, or a new e-mail address of the signed-in user)',
      body: RequestConfirmationBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await signup.requestConfirmation(deps, {
        ...request.body,
        ip: request.ip,
        caller: request.caller?.kind === 'user' ? request.caller : null,
      });
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/valid-confirmation', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Check a mailed confirmation token (applies an e-mail change)',
      body: ValidConfirmationBody,
      response: { 200: ValidConfirmationResponse, ...errors },
    },
    handler: (request) => signup.validConfirmation(deps, request.body.token),
  });

  r.post('/v1/register', {
    config: { auth: 'unauthenticated' },
    schema: {
      tags,
      summary: 'Create an account from a confirmed signup token; signs in',
      body: RegisterBody,
      response: { 201: TokenResponse, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await signup.register(deps, request.body)),
  });

  r.post('/v1/login', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Sign in; the token is valid for 24 hours (and a device token for the next sign-in)',
      body: LoginBody,
      response: { 200: LoginResponse, ...errors },
    },
    handler: (request) => login(deps, { ...request.body, ip: request.ip }),
  });

  r.post('/v1/logout', {
    config: { auth: 'user' },
    schema: { tags, summary: 'End the session of this token', response: { ...noContent, ...errors } },
    handler: async (request, reply) => {
      await logout(deps, userCaller(request));
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/user', {
    config: { auth: 'user' },
    schema: { tags, summary: 'The signed-in user', response: { 200: User, ...errors } },
    handler: (request) => accounts.getUser(deps, userCaller(request).userId),
  });

  r.put('/v1/user', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Change name, attributes or e-mail (a new e-mail is confirmed by mail first)',
      body: UpdateUserBody,
      response: { 200: User, ...errors },
    },
    handler: (request) => profile.updateUser(deps, userCaller(request), request.body, request.ip),
  });

  r.get('/v3/user/signature-qualities-detail', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Which qualities the user can sign with, and the highest',
      response: { 200: SignatureQualitiesDetail, ...errors },
    },
    handler: (request) => profile.signatureQualitiesDetail(deps, userCaller(request).userId),
  });

  r.post('/v1/check-password', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Check a password against the policy (and the strength estimate)',
      body: CheckPasswordBody,
      response: { 200: CheckPasswordResponse, ...errors },
    },
    handler: (request) =>
      passwords.checkPassword(deps, {
        ...request.body,
        ip: request.ip,
        caller: request.caller?.kind === 'user' ? request.caller : null,
      }),
  });

  r.post('/v1/change-password', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Change the password; other sessions are signed out',
      body: ChangePasswordBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await passwords.changePassword(deps, userCaller(request), request.body);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/request-reset', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Mail a password reset link (same answer whether or not the account exists)',
      body: RequestResetBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await passwords.requestReset(deps, { ...request.body, ip: request.ip });
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/reset-password', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Set a new password with a mailed reset token',
      body: ResetPasswordBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await passwords.resetPassword(deps, request.body);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/user/accept', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Accept the terms, a business invitation or the QTSP terms of use',
      body: AcceptBody,
      response: { 200: User, ...errors },
    },
    handler: (request) => profile.accept(deps, userCaller(request), request.body.accept),
  });

  r.post('/v1/user/delete', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Delete the account (password required)',
      body: DeleteUserBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await profile.deleteAccount(deps, userCaller(request), request.body.password);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/datetime', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: 'Server time, so clients can correct their clock',
      response: { 200: DatetimeResponse },
    },
    handler: async () => {
      const now = deps.clock.now();
      return { datetime: now.toISOString(), timestamp: now.getTime() };
    },
  });

  r.get('/v1/email_input_autocomplete', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'E-mail addresses the user has worked with, matching a prefix',
      querystring: EmailAutocompleteQuery,
      response: { 200: EmailAutocompleteResponse, ...errors },
    },
    handler: async (request) => {
      const { userId } = userCaller(request);
      const [own, sentTo] = await Promise.all([
        profile.emailAutocomplete(deps, userId, request.query.q),
        addressesSentTo(deps, userId, request.query.q),
      ]);
      return { emails: [...new Set([...own.emails, ...sentTo])].slice(0, 10) };
    },
  });

  r.post('/v1/identity_providers', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary: "The single sign-on URL for an e-mail's domain, or null",
      body: IdentityProvidersBody,
      response: { 200: IdentityProvidersResponse, ...errors },
    },
    handler: async (request) => ({ url: await identityProviderFor(deps, request.body.email) }),
  });
}
