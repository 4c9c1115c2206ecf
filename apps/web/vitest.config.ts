import { workspaceProject } from '../../vitest.shared.js';

export default workspaceProject('web', { test: { include: ['src/**/*.test.{ts,tsx}'] } });
