/**
 * What the server checks of each call in auth-calls.ts. Apart from auth.ts, whose sign-in and sign-up
 * schemas the signed-out forms load, so that they load none of the others.
 */
import {
  ZLoginAnswer,
  ZLoginRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZValidateRequest,
  ZValidateResponse,
} from './auth.ts';
import type * as calls from './auth-calls.ts';
import { schemasOf } from './call-schemas.ts';
import { ZErrorResponse, ZMsgResponse } from './errors.ts';
import { ZForgotPasswordRequest, ZForgotPasswordResponse, ZRecoveryState, ZResetPasswordRequest } from './recovery.ts';
import { ZLogoutRequest, ZSessionMessage } from './sessions.ts';

export const AUTH_SCHEMAS = schemasOf<typeof calls>()(['auth'], {
  register: {
    summary: 'Create a member account',
    body: ZRegisterRequest,
    // A body the schema never sees (malformed JSON, a NUL byte) fails with the plain error answer.
    response: { 200: ZRegisterResponse, 400: ZRegisterResponse.or(ZErrorResponse), 409: ZRegisterResponse },
  },
  login: {
    summary: 'Sign in with email and password; with a second factor, a challenge for the second step',
    body: ZLoginRequest,
    response: { 200: ZLoginAnswer },
  },
  validate: {
    summary: 'Check a token and return its current user',
    body: ZValidateRequest,
    response: { 200: ZValidateResponse, 401: ZValidateResponse },
  },
  recovery: { summary: 'Whether this server can mail a reset link', response: { 200: ZRecoveryState } },
  forgotPassword: {
    summary: 'Mail a one-time reset link; the same answer whether or not the email has an account',
    body: ZForgotPasswordRequest,
    response: { 200: ZForgotPasswordResponse },
  },
  resetPassword: {
    summary: 'Set a new password with a reset link; ends every session of the account',
    body: ZResetPasswordRequest,
    response: { 200: ZMsgResponse },
  },
  logout: {
    summary: "Sign out: the token's session ends on the server",
    body: ZLogoutRequest,
    response: { 200: ZSessionMessage },
  },
});
