import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'env/**/*.test.ts', 'cli/**/*.test.ts', 'agents/**/*.test.ts', 'training/**/*.test.ts'],
    exclude: ['node_modules', 'dist'],
    testTimeout: 60_000,
  },
})
