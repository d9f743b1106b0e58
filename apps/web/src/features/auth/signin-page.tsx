/** /signin (spec part 1 §2, §4, §5, §8). */
import { TEXT } from '@sewablast/contract/texts';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { CheckboxField, Field } from '../../components/field.tsx';
import { signIn, useSession } from '../../lib/session.ts';
import { login } from './api/login.ts';
import { AuthLayout } from './components/auth-layout.tsx';

export function Component() {
  const { token } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(true);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);

  if (token && !loading) return <Navigate to="/dashboard" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const cleanEmail = email.trim().toLowerCase();
    if (!cleanEmail || !password) {
      setError(TEXT.loginRequired);
      return;
    }
    setError('');
    setLoading(true);
    try {
      const { token: newToken, user } = await login({ email: cleanEmail, password });
      signIn(newToken, user, keep);
      navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : TEXT.loginFailed);
      setLoading(false);
    }
  }

  return (
    <AuthLayout title="Sign In" subtitle="Masuk untuk mengelola akun WhatsApp dan penghasilan Anda.">
      <form onSubmit={submit} noValidate className="space-y-5">
        {params.get('registered') === '1' && <Alert tone="success">{TEXT.registered}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="nama@email.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder="Masukkan password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField label="Keep me logged in" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
          <Link to="/reset-password" className="text-sm font-medium text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" loading={loading} className="w-full">
          {loading ? TEXT.signingIn : 'Sign In'}
        </Button>
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
