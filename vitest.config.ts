import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

// Two projects: code that runs on Node (domain, bridge, server, fixtures, tooling) and page code in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['domain/**/*.test.ts', 'bridge/**/*.test.ts', 'server/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['embeds/test-setup.ts'],
          include: ['embeds/**/*.test.{ts,tsx}', 'host/**/*.test.{ts,tsx}'],
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
})
