import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API server's default port in development (`npm run dev` starts it there). Everything the
// web app calls on its own origin in production is forwarded to it, so the browser sees one
// origin and the server's CSP (connect-src 'self') holds in development too.
const serverUrl = 'http://localhost:3000';
const serverPaths = ['/api', '/identity', '/config.json', '/healthz', '/readyz'];

/**
 * What only the signed-in app uses, bundled into one chunk that comes with it (decision record
 * 0028): its libraries, its shell, and the leave screens, so that a leave screen's cold load
 * fetches its code in two rounds (the gate's, then this) rather than three of some thirty files.
 * Nothing here may be imported by the gate (app.tsx, features/auth, the notification provider):
 * the sign-in page would then load all of it (decision record 0016, `npm run bench -- --bundle-only`).
 */
const SIGNED_IN = [
  /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis|react-router|@tanstack|react-hook-form|@hookform)[\\/]/,
  // Not signed-in-app.tsx itself, the gate's lazy import: captured, the built module failed in
  // the browser ('signed_in_app_exports' is not defined); as its own small chunk it imports this.
  /[\\/]src[\\/]app[\\/](router|route-table|route-prefetch|route-guard|provider|theme|link-cards)\.tsx?$/,
  /[\\/]src[\\/]app[\\/](layout|routes)[\\/]/,
  /[\\/]src[\\/]features[\\/](leave|leave-admin|staff-movement)[\\/]/,
  /[\\/]src[\\/]components[\\/](?!notification-|logo)/,
  /[\\/]src[\\/]lib[\\/](query-client|dates|download|use-debounced-value)\.ts$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](leave|leave-admin|leave-rules|staff-movement)\.ts$/,
];

export default defineConfig({
  plugins: [
    react(),
    // Every text file of the build also as .br (brotli at its best) and .gz, sent as they are by
    // the server to browsers that accept them (decision record 0027).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'signed-in',
              test: (id) => SIGNED_IN.some((pattern) => pattern.test(id)),
              // Only what matches: React and the rest the gate shares stay where they are.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
});
