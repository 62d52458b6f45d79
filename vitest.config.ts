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
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
})
