import { act } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EmbedProps } from './embed-props'

const { mountEmbed } = vi.hoisted(() => ({ mountEmbed: vi.fn() }))
vi.mock('./mount-embed', () => ({ mountEmbed }))

describe('an embed page’s entry (bootEmbed)', () => {
  afterEach(() => {
    document.body.innerHTML = ''
    mountEmbed.mockReset()
  })

  it('paints the page frame before the embed has loaded, then mounts the embed into the same root', async () => {
    document.body.innerHTML = '<div id="root"></div>'
    const { bootEmbed } = await import('./boot-embed')
    let loaded!: (c: (p: EmbedProps) => null) => void
    // biome-ignore lint/correctness/noComponentHookFactories: a stand-in embed for this test only
    const Embed = () => null
    let booted!: Promise<void>
    await act(async () => {
      booted = bootEmbed('top-up', () => new Promise((resolve) => (loaded = resolve)))
    })
    const frame = document.querySelector('#root > main.cash-page')
    expect(frame?.getAttribute('aria-busy')).toBe('true')
    expect(mountEmbed).not.toHaveBeenCalled()
    await act(async () => {
      loaded(Embed)
      await booted
    })
    expect(mountEmbed).toHaveBeenCalledTimes(1)
    const [embed, Component, root] = mountEmbed.mock.calls[0]!
    expect(embed).toBe('top-up')
    expect(Component).toBe(Embed)
    expect(typeof root.render).toBe('function')
  })
})
