import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Chunks: the framework every page needs (react, router, query, i18n) in one long-lived vendor
 * chunk; antd split by the automatic chunking so the login page only loads the components it
 * uses; each language's catalogues in their own chunk, loaded on demand. Console pages and the
 * console layout are React.lazy imports, so /login never downloads them.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // The shared contracts are pure modules; marking them side-effect free lets the bundler
        // drop the zod request schemas (the web app imports only their types).
        moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]dist[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            {
              name: (id: string) => {
                const m = /[\\/]src[\\/]locales[\\/](zh-CN|en)[\\/]/.exec(id);
                return m ? `locale-${m[1]}` : null;
              },
              priority: 30,
            },
          ],
        },
      },
    },
  },
});
