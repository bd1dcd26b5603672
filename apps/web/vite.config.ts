import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CONSOLE_NAMESPACES, type Namespace, PUBLIC_NAMESPACES } from './src/i18n/namespaces.ts';

/** Chunk of a catalogue: locale-<lng> (public), locale-<lng>-console, or locale-<lng>-<ns> (help, legal). */
function localeChunk(id: string): string | null {
  const m = /[\\/]src[\\/]locales[\\/](zh-CN|en)[\\/](\w+)\.json$/.exec(id);
  if (!m) return null;
  const lng = m[1];
  const ns = m[2] as Namespace;
  if (PUBLIC_NAMESPACES.includes(ns)) return `locale-${lng}`;
  if (CONSOLE_NAMESPACES.includes(ns)) return `locale-${lng}-console`;
  return `locale-${lng}-${ns}`;
}

/**
 * Chunks: the framework every page needs (react, router, i18n) in one long-lived vendor chunk;
 * the sign-in page and the antd components it uses in the entry chunk; each language's
 * catalogues in a chunk for the public pages and one for the console, loaded on demand. The
 * console (TanStack Query, antd App, layout, route table) and the other pages are lazy
 * imports, so /login never downloads them.
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
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
              priority: 20,
            },
            { name: localeChunk, debugName: 'locales', priority: 30 },
            // everything else the first page needs (the sign-in page, its antd components, the
            // http client, i18n setup) in one chunk rather than many small shared ones
            { name: 'app', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
