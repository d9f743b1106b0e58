/**
 * /two-factor-setup: where the guard keeps a staff, admin or dev user without a second factor, while
 * TWO_FACTOR_REQUIRED asks for one, until it is set up (every other call answers 403 meanwhile).
 */
import * as auth from '@sewablast/contract/auth-calls';
import { TWO_FACTOR_TEXT } from '@sewablast/contract/two-factor-text';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { Button } from '../../components/button.tsx';
import { storeUser, useSession } from '../../lib/session.ts';
import { signOutHere } from '../../lib/sign-out.ts';
import { areaKey } from '../../lib/use-call.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

export function Component() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  if (!token || !user) return <Navigate to="/signin" replace />;
  if (!user.two_factor_setup) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout title={TWO_FACTOR_TEXT.title} subtitle={TWO_FACTOR_TEXT.setupRequired}>
      <div className="space-y-5">
        <TwoFactorSetup
          onEnabled={() => {
            const { two_factor_setup: _done, ...rest } = user;
            // The shell's last validation still says "set it up first": it must not be believed again.
            queries.removeQueries({ queryKey: areaKey(auth.validate.path) });
            storeUser(rest);
            navigate('/dashboard', { replace: true });
          }}
        />
        <Button
          variant="ghost"
          className="w-full"
          onClick={() => {
            signOutHere();
            navigate('/signin', { replace: true });
          }}
        >
          {TWO_FACTOR_TEXT.signOut}
        </Button>
      </div>
    </AuthLayout>
  );
}
