import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server's default port in development (`npm run dev` starts it there). Everything the
// web app calls on its own origin in production is forwarded to it, so the browser sees one
// origin and the server's CSP (connect-src 'self') holds in development too.
const serverUrl = 'http://localhost:3000';
const serverPaths = ['/api', '/identity', '/config.json', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
});
