import { readdirSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/** One HTML entry per embed folder that has an index.html, plus the host shell. */
function entries(): Record<string, string> {
  const input: Record<string, string> = { shell: resolve(import.meta.dirname, 'host/index.html') }
  for (const name of readdirSync(resolve(import.meta.dirname, 'embeds'))) {
    const html = resolve(import.meta.dirname, 'embeds', name, 'index.html')
    if (existsSync(html)) input[`embed-${name}`] = html
  }
  return input
}

export default defineConfig({
  base: '/app/cash/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    rollupOptions: { input: entries() },
  },
})
