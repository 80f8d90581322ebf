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
    // antd's core alone is ~600 kB minified (~200 kB gzip) and cannot be split further in a useful way.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Vendor code changes less often than screens; separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
