/** The frame of the sign-in and sign-up screens: the form beside the product's pitch on wide screens. */
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <main className="flex w-full flex-col px-5 py-8 sm:px-10 lg:w-1/2">
        <div className="flex items-center justify-between">
          <Logo />
          <ThemeToggle />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">{title}</h1>
          <p className="mt-2 mb-8 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p>
          {children}
        </div>
      </main>
      <aside className="relative hidden w-1/2 overflow-hidden bg-slate-900 lg:flex lg:items-center lg:justify-center">
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-600/30 blur-3xl" />
        <div className="absolute -bottom-32 -left-16 size-96 rounded-full bg-emerald-400/20 blur-3xl" />
        <div className="relative max-w-md px-10 text-center">
          <Logo compact className="mb-6 justify-center" />
          <p className="text-3xl font-bold text-white">Whatsapp Blaster for Rent</p>
          <p className="mt-4 text-slate-300">
            Sewakan akun WhatsApp Anda, kirim pesan blast, dan dapatkan penghasilan dari setiap pesan yang terkirim.
          </p>
        </div>
      </aside>
    </div>
  );
}
