/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_SERVER = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': API_SERVER,
      '/api-web': API_SERVER,
      '/media': API_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the query client change less often than screens; their own chunks stay cached across
        // deploys. antd is left to the bundler so each route loads only the components it uses.
        codeSplitting: {
          // A group takes only the modules it names; shared helpers stay where the bundler puts them, so a
          // group never drags code the login page needs into a chunk it would otherwise not load.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // Menus and dropdowns belong to the signed-in shells; kept apart so the login page never loads them.
            { name: 'menu', test: /node_modules[\\/]@rc-component[\\/](menu|overflow|dropdown)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
