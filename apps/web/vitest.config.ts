import { fileURLToPath } from 'node:url';
import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject('web', {
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
  },
});
