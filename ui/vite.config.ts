import { defineConfig } from 'vite';

// Served by MiniLake under /ui/; hashed files go to assets/ (long-cached), index.html is not hashed.
export default defineConfig({
  base: '/ui/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
  },
  worker: { format: 'es' },
});
