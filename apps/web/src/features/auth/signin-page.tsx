/** /signin (spec part 1 §2, §4, §5, §8). */
import { TEXT } from '@sewablast/contract/texts';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { CheckboxField, Field } from '../../components/field.tsx';
import { FormAlert, SubmitButton } from '../../components/form.tsx';
import { useZodForm } from '../../lib/form.ts';
import { signIn, useSession } from '../../lib/session.ts';
import { login } from './api/login.ts';
import { TwoFactorStep } from './two-factor-step.tsx';

interface Challenge {
  email: string;
  challenge: string;
}

/** Going back from the second step mounts the password form anew, its submit open again. */
export function Component() {
  const [keep, setKeep] = useState(true);
  const [second, setSecond] = useState<Challenge | null>(null);
  if (second) {
    return (
      <AuthLayout title="Sign In" subtitle={second.email}>
        <TwoFactorStep {...second} keep={keep} onBack={() => setSecond(null)} />
      </AuthLayout>
    );
  }
  return <PasswordStep keep={keep} setKeep={setKeep} onChallenge={setSecond} />;
}

function PasswordStep({
  keep,
  setKeep,
  onChallenge,
}: {
  keep: boolean;
  setKeep: (keep: boolean) => void;
  onChallenge: (challenge: Challenge) => void;
}) {
  const { token } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(() => import('@sewablast/contract/auth').then((auth) => auth.ZLoginRequest), {
    defaultValues: { email: '', password: '' },
    leavesOnSuccess: true,
    fallback: TEXT.loginFailed,
  });
  const { errors } = form.formState;

  if (token && !form.busy) return <Navigate to="/dashboard" replace />;

  // Spec part 1 §5: one message when either is missing, for the whole form rather than under a field.
  const missing = errors.email?.message ?? errors.password?.message ?? '';
  return (
    <AuthLayout title="Sign In" subtitle="Masuk untuk mengelola akun WhatsApp dan penghasilan Anda.">
      <form
        onSubmit={form.submitWith(async (body) => {
          const step = await login(body);
          if ('challenge' in step) {
            onChallenge({ email: body.email, challenge: step.challenge });
            return;
          }
          signIn(step.token, step.user, keep);
          navigate('/dashboard', { replace: true });
        })}
        noValidate
        className="space-y-5"
      >
        {params.get('registered') === '1' && <Alert tone="success">{TEXT.registered}</Alert>}
        <FormAlert message={form.failure || missing} />
        <Field
          {...form.register('email')}
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="nama@email.com"
        />
        <Field
          {...form.register('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
          placeholder="Masukkan password"
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField label="Keep me logged in" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
          <Link to="/reset-password" className="text-sm font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton busy={form.busy} busyLabel={TEXT.signingIn} className="w-full">
          Sign In
        </SubmitButton>
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Belum punya akun?{' '}
          <Link to="/signup" className="font-medium text-brand-600 hover:underline">
            Sign Up
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
