import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router.tsx';
import { captureReferral } from './lib/referral.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';

applyTheme(storedTheme());
captureReferral();
const router = createRouter();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
