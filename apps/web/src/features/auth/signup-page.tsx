/** /signup (spec part 1 §2, §3, §4, §5, §8). */
import type { TRegisterRequest } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../components/auth-layout.tsx';
import { FormAlert, FormCheckbox, FormField, SubmitButton } from '../../components/form.tsx';
import { ApiError } from '../../lib/api.ts';
import { useZodForm } from '../../lib/form.ts';
import { forgetReferral, storedReferral } from '../../lib/referral.ts';
import { signIn, useSession } from '../../lib/session.ts';
import { register } from './api/register.ts';

/** Spec part 1 §8: msg, then message, then the fallback. */
function failureText(body: { msg?: unknown; message?: unknown }): string {
  if (typeof body.msg === 'string' && body.msg) return body.msg;
  if (typeof body.message === 'string' && body.message) return body.message;
  return TEXT.signUpFailed;
}

export function Component() {
  const { token } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(() => import('@sewablast/contract/auth').then((auth) => auth.ZRegisterRequest), {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      password2: '',
      affiliateCode: params.get('referral') ?? storedReferral(),
      agreeToTerms: undefined,
    },
    // The server names a refused referral code after the spec's error state, referral_code.
    aliases: { referral_code: 'affiliateCode' },
    leavesOnSuccess: true,
    fallback: TEXT.signUpFailed,
  });

  if (token && !form.busy) return <Navigate to="/dashboard" replace />;

  async function signUp({ affiliateCode, ...body }: TRegisterRequest) {
    let answer: Awaited<ReturnType<typeof register>>;
    try {
      answer = await register(affiliateCode ? { ...body, affiliateCode } : body);
    } catch (error) {
      if (affiliateCode && error instanceof ApiError && error.errors.referral_code) forgetReferral(affiliateCode);
      throw error;
    }
    const withSession = answer as typeof answer & { token?: string; user?: Parameters<typeof signIn>[1] };
    if (answer.success) navigate('/signin?registered=1', { replace: true });
    else if (withSession.token && withSession.user) {
      signIn(withSession.token, withSession.user, true);
      navigate('/dashboard', { replace: true });
    } else throw new Error(failureText(answer));
  }

  return (
    <AuthLayout title="Sign Up" subtitle="Daftar gratis dan mulai sewakan akun WhatsApp Anda.">
      <form onSubmit={form.submitWith(signUp)} noValidate className="space-y-5">
        <FormAlert message={form.failure} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="First Name"
            form={form}
            name="firstName"
            autoComplete="given-name"
            placeholder="Nama depan"
          />
          <FormField
            label="Last Name"
            form={form}
            name="lastName"
            autoComplete="family-name"
            placeholder="Nama belakang"
          />
        </div>
        <FormField
          label="Email"
          type="email"
          form={form}
          name="email"
          autoComplete="email"
          placeholder="nama@email.com"
        />
        <FormField
          label="Password"
          type="password"
          form={form}
          name="password"
          autoComplete="new-password"
          placeholder="Buat password"
        />
        <FormField
          label="Confirm Password"
          type="password"
          form={form}
          name="password2"
          autoComplete="new-password"
          placeholder="Ulangi password"
        />
        <FormField label="Kode Referal" form={form} name="affiliateCode" placeholder="Opsional" />
        <FormCheckbox
          form={form}
          name="agreeToTerms"
          label={
            <>
              Saya menyetujui{' '}
              <a
                href="/terms"
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-600 hover:underline"
              >
                Syarat &amp; Ketentuan
              </a>{' '}
              serta{' '}
              <a
                href="/privacy-policy"
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-600 hover:underline"
              >
                Kebijakan Privasi
              </a>
            </>
          }
        />
        <SubmitButton busy={form.busy} busyLabel={TEXT.signingUp} className="w-full">
          Sign Up
        </SubmitButton>
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Sudah punya akun?{' '}
          <Link to="/signin" className="font-medium text-brand-600 hover:underline">
            Sign In
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
