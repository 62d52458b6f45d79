import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Memory assertions collect garbage before measuring (global.gc), so they do not flake on a loaded machine.
    execArgv: ['--expose-gc'],
    // Each run and each test file get their own TMPDIR; leftover files, listening servers and running processes fail
    // the file (or the run), named: test/support/temp-guard.ts and docs/testing.md.
    globalSetup: ['test/support/vitest-global-setup.ts'],
    setupFiles: ['test/support/vitest-file-guard.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
})
