import {
  ApiUser,
  ApiUserList,
  ApiUserParams,
  ApiUserWithSecret,
  CreateApiUserBody,
  UpdateApiUserBody,
} from '../business-api-users.ts';
import { BusinessParams } from '../businesses.ts';
import { defineEndpoint } from '../endpoint.ts';

/** API users are the admins' to manage (spec §7 Business); another business's are not found. */
const ofTheAdmins = { auth: 'admin', tags: ['Business API users'] } as const;

/**
 * A business's API users (spec §7 Business `apis`). The secret is in the answers of create and
 * reset only; reset and delete end the old credentials at once.
 */
export const businessApiUserEndpoints = {
  listApiUsers: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/apis',
    ...ofTheAdmins,
    summary: "The business's API users, without their secrets",
    params: BusinessParams,
    status: 200,
    response: ApiUserList,
    errors: [],
  }),
  createApiUser: defineEndpoint({
    method: 'POST',
    path: '/v1/businesses/:businessId/apis',
    ...ofTheAdmins,
    summary: 'Create an API user; the answer carries its secret, shown this once',
    params: BusinessParams,
    body: CreateApiUserBody,
    status: 201,
    response: ApiUserWithSecret,
    errors: ['API_USERNAME_TAKEN'],
  }),
  updateApiUser: defineEndpoint({
    method: 'PUT',
    path: '/v1/businesses/:businessId/apis/:username',
    ...ofTheAdmins,
    summary: "Change an API user's description",
    params: ApiUserParams,
    body: UpdateApiUserBody,
    status: 200,
    response: ApiUser,
    errors: ['NOT_FOUND'],
  }),
  resetApiUser: defineEndpoint({
    method: 'PUT',
    path: '/v1/businesses/:businessId/apis/:username/reset',
    ...ofTheAdmins,
    summary: 'Give an API user a new secret (shown this once); the old one stops working at once',
    params: ApiUserParams,
    status: 200,
    response: ApiUserWithSecret,
    errors: ['NOT_FOUND'],
  }),
  deleteApiUser: defineEndpoint({
    method: 'DELETE',
    path: '/v1/businesses/:businessId/apis/:username',
    ...ofTheAdmins,
    summary: 'Delete an API user; its credentials stop working at once',
    params: ApiUserParams,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
};
