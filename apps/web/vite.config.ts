import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress-plugin';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  // The manifest lets `npm run size` follow what each route loads. Source maps are made for the
  // operators but not referenced from the scripts, and the server does not serve them (I2).
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
});
