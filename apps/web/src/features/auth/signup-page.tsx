/** /signup (spec part 1 §2, §3, §4, §5, §8). */
import { type TRegisterErrorField, ZRegisterRequest } from '@sewablast/contract/auth';
import { TEXT } from '@sewablast/contract/texts';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { CheckboxField, Field } from '../../components/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { storedReferral } from '../../lib/referral.ts';
import { signIn, useSession } from '../../lib/session.ts';
import { register } from './api/register.ts';
import { AuthLayout } from './components/auth-layout.tsx';

type FormField = 'firstName' | 'lastName' | 'email' | 'password' | 'password2' | 'referral_code' | 'agreeToTerms';
type Errors = Partial<Record<FormField, string>>;

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
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    password2: '',
    referral_code: params.get('referral') ?? storedReferral(),
  });
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState('');
  const [loading, setLoading] = useState(false);

  if (token && !loading) return <Navigate to="/dashboard" replace />;

  const edit = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const affiliateCode = values.referral_code.trim();
    const payload = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      password: values.password,
      password2: values.password2,
      ...(affiliateCode ? { affiliateCode } : {}),
      agreeToTerms: agree,
    };
    const checked = ZRegisterRequest.safeParse(payload);
    if (!checked.success) {
      setErrors(fieldErrorsOf<FormField>(checked.error));
      return;
    }
    setFailure('');
    setLoading(true);
    try {
      const answer = await register(checked.data);
      const withSession = answer as typeof answer & { token?: string; user?: Parameters<typeof signIn>[1] };
      if (answer.success) {
        navigate('/signin?registered=1', { replace: true });
      } else if (withSession.token && withSession.user) {
        signIn(withSession.token, withSession.user, true);
        navigate('/dashboard', { replace: true });
      } else {
        setFailure(failureText(answer));
        setLoading(false);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        const fromServer: Errors = {};
        for (const [field, message] of Object.entries(error.errors)) {
          fromServer[(field === 'affiliateCode' ? 'referral_code' : field) as TRegisterErrorField] = message;
        }
        setErrors(fromServer);
        const text = failureText(error.body);
        // The server often repeats a field's message as msg; it is shown once, under the field.
        setFailure(Object.values(fromServer).includes(text) ? '' : text);
      } else {
        setFailure(error instanceof Error && error.message ? error.message : TEXT.internalError);
      }
      setLoading(false);
    }
  }

  return (
    <AuthLayout title="Sign Up" subtitle="Daftar gratis dan mulai sewakan akun WhatsApp Anda.">
      <form onSubmit={submit} noValidate className="space-y-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            placeholder="Nama depan"
            value={values.firstName}
            onChange={edit('firstName')}
            error={errors.firstName}
          />
          <Field
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            placeholder="Nama belakang"
            value={values.lastName}
            onChange={edit('lastName')}
            error={errors.lastName}
          />
        </div>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="nama@email.com"
          value={values.email}
          onChange={edit('email')}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          placeholder="Buat password"
          value={values.password}
          onChange={edit('password')}
          error={errors.password}
        />
        <Field
          label="Confirm Password"
          type="password"
          name="password2"
          autoComplete="new-password"
          placeholder="Ulangi password"
          value={values.password2}
          onChange={edit('password2')}
          error={errors.password2}
        />
        <Field
          label="Kode Referal"
          name="referral_code"
          placeholder="Opsional"
          value={values.referral_code}
          onChange={edit('referral_code')}
          error={errors.referral_code}
        />
        <CheckboxField
          name="agreeToTerms"
          checked={agree}
          onChange={(event) => {
            setAgree(event.target.checked);
            setErrors((current) => ({ ...current, agreeToTerms: undefined }));
          }}
          error={errors.agreeToTerms}
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
        <Button type="submit" loading={loading} className="w-full">
          {loading ? TEXT.signingUp : 'Sign Up'}
        </Button>
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
