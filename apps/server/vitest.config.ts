import { workspaceProject } from '../../vitest.shared.js';

// Password hashing (scrypt at OWASP cost) and real databases make some hooks slow on 2 cores.
export default workspaceProject('server', { test: { hookTimeout: 60_000, testTimeout: 30_000 } });
