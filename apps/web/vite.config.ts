import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SEWABLAST_API ?? 'http://127.0.0.1:8080';
const AREA_CONTRACT = /packages\/contract\/src\/([a-z-]+?)-(?:calls|text)\.ts$/;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** A page of this dev server, opened on this machine: its Origin names the very host the request went to. */
function isDevPage(origin: string | undefined, host: string | undefined): origin is string {
  if (!origin || origin !== `http://${host}`) return false;
  return LOOPBACK_HOSTS.includes(new URL(origin).hostname);
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/dev': server,
      '/ws': {
        target: server.replace(/^http/, 'ws'),
        ws: true,
        // The server's live channel accepts only its own origin (PUBLIC_URL) and ALLOWED_ORIGINS. The
        // dashboard served here is the same dashboard, so its Origin is passed on as the server's own; any
        // other Origin goes through unchanged and the server judges it.
        configure: (proxy) => {
          proxy.on('proxyReqWs', (proxyRequest, request) => {
            if (isDevPage(request.headers.origin, request.headers.host)) {
              proxyRequest.setHeader('origin', new URL(server).origin);
            }
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what a group names: a dependency (React, lib/api.ts) stays where the pages that need it load it.
          includeDependenciesRecursively: false,
          // An area's zod-free contract, its texts and its calls (docs/architecture.md), loads as one chunk:
          // a screen that needs one needs the other, and each chunk more costs the first load its own bytes.
          groups: [
            { name: (id) => AREA_CONTRACT.exec(id)?.[1] ?? null },
            // TanStack Query, and the call table's reads through it, as one chunk rather than the five its
            // importers would split it into: each split cost every reading page about 2 KB of first load.
            { name: 'query', test: /node_modules\/@tanstack\/|\/src\/lib\/use-call\.ts$/ },
            // What loads the toaster, the menus and the dialogs when first reached for: every signed-in page
            // loads both modules (the toaster's layout one, the shell's user menu the other), so one chunk.
            { name: 'on-demand', test: /\/src\/(lib\/on-demand\.ts|components\/popup-on-demand\.tsx)$/ },
          ],
        },
      },
    },
  },
});
