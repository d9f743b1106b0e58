/**
 * Where a staff, admin or dev session without the second factor TWO_FACTOR_REQUIRED asks of them may go:
 * only to the routes that set it up (`config.twoFactorSetup`); everything else answers 403 until it is on.
 * Sign-out and token validation are public and stay open.
 */
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import type { FastifyRequest } from 'fastify';
import { AccessRefused } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A session that must set up its second factor first may call the route. */
    twoFactorSetup?: true;
  }
}

export function admitsTwoFactorSetup(request: FastifyRequest): boolean {
  return request.routeOptions.config?.twoFactorSetup === true;
}

export const twoFactorSetupRefusal = () => new AccessRefused('forbidden', TWO_FACTOR_TEXT.setupRequired);
