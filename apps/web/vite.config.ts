import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  // Not @mui/x-charts and its gestures: the IR admin charts load it in their own chunk, only when
  // shown. @base-ui, reselect, the dayjs plugins of the pickers' adapter and the pickers' en-gb
  // locale (app/provider.tsx) serve the date pickers as well: here, so no chunk imports back.
  /[\\/]node_modules[\\/](@mui(?![\\/]x-(charts|internal-gestures))|@base-ui|reselect|@emotion|@popperjs|react-transition-group|stylis|react-router|@tanstack|react-hook-form|@hookform|dayjs[\\/](plugin[\\/](weekOfYear|customParseFormat|localizedFormat|isBetween|advancedFormat)|locale[\\/]en-gb))/,
  // Not signed-in-app.tsx itself, the gate's lazy import: captured, the built module failed in
  // the browser ('signed_in_app_exports' is not defined); as its own small chunk it imports this.
  /[\\/]src[\\/]app[\\/](router|route-table|route-paths|route-prefetch|route-guard|provider|theme|link-cards)\.tsx?$/,
  /[\\/]src[\\/]app[\\/](layout|routes)[\\/]/,
  /[\\/]src[\\/]features[\\/](leave|leave-admin|staff-movement|home)[\\/]/,
  // Home's reads of posts; the post dialog and the admin screens load in their own chunks.
  /[\\/]src[\\/]features[\\/]posts[\\/]api[\\/](posts-keys|get-reader-posts)\.ts$/,
  /[\\/]src[\\/]components[\\/](?!notification-|logo|page-spinner|failure-page)/,
  /[\\/]src[\\/]lib[\\/](query-client|dates|download|use-debounced-value|use-url-search-params|use-list-params|list-query|balance-notes|plain-resolver|post-link)\.ts$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](leave|leave-admin|leave-rules|staff-movement|staff-records|groups|home|posts|posts-rules)\.ts$/,
  // The texts of those screens (decision record 0040); the other pages' texts go with their chunks.
  /[\\/]src[\\/]locales[\\/]((en|ms)[\\/])?(home|leave|leave-admin|staff-movement)\.ts$/,
];

/**
 * Fails the build when chunks import each other in a circle. A module left out of SIGNED_IN but
 * used by both the signed-in chunk and a lazy page lands in the page's chunk, which imports the
 * signed-in chunk back: in the browser one of them runs first and reads the other's exports as
 * undefined, and the signed-in app shows a blank page.
 */
function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') imports.set(fileName, output.imports);
      }
      const done = new Set<string>();
      const visit = (fileName: string, path: string[]) => {
        if (path.includes(fileName)) {
          const cycle = [...path.slice(path.indexOf(fileName)), fileName].join(' → ');
          this.error(`Chunks import each other in a circle: ${cycle}. Group the shared modules in one chunk.`);
        }
        if (done.has(fileName)) return;
        for (const next of imports.get(fileName) ?? []) visit(next, [...path, fileName]);
        done.add(fileName);
      };
      for (const fileName of imports.keys()) visit(fileName, []);
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    noChunkCycles(),
    // Every text file of the build also as .br (brotli at its best) and .gz, sent as they are by
    // the server to browsers that accept them (decision record 0027).
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The signed-in chunk is one large file on purpose (decision record 0028); the sign-in page's
    // own budget is checked by `npm run bench -- --bundle-only`, not by this warning.
    chunkSizeWarningLimit: 1500,
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
