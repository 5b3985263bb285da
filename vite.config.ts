import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in web/, its static files in public/; the build goes to dist/web, which
// `npm start` serves together with the API.
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [react()],
  build: { outDir: '../dist/web', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
