import { fireEvent, render, screen } from '@testing-library/react'
import { Inbox } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client'
import { I18nProvider, type Locale } from '../lib/i18n'
import type { Resource } from '../lib/use-resource'
import { EmptyState } from './empty-state'
import { ResourceView } from './resource-view'

type Items = { items: string[] }
const show = (resource: Resource<Items> & { reload?: () => void }, locale: Locale = 'en-US') =>
  render(
    <I18nProvider locale={locale}>
      <ResourceView
        resource={resource}
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyState icon={Inbox} text="Nothing here yet" testId="list.empty" />}
      >
        {(d) => (
          <ul>
            {d.items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        )}
      </ResourceView>
    </I18nProvider>,
  )

describe('ResourceView', () => {
  it('while loading shows the polite loading line and nothing of the data', () => {
    show({ status: 'loading' })
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('in Portuguese the loading line is in Portuguese', () => {
    show({ status: 'loading' }, 'pt-BR')
    expect(screen.getByRole('status').textContent).toBe('Carregando…')
  })

  it('on failure shows the message and a retry that asks again', () => {
    const reload = vi.fn()
    show({ status: 'error', error: new ApiError(503, 'unavailable', 'The server is busy.'), reload })
    expect(screen.getByRole('alert').textContent).toContain('The server is busy.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('when ready draws the data', () => {
    show({ status: 'ready', data: { items: ['Coffee', 'Rent'] } })
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Coffee', 'Rent'])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('when ready and empty draws the empty state instead of the list', () => {
    show({ status: 'ready', data: { items: [] } })
    expect(screen.getByTestId('list.empty').textContent).toBe('Nothing here yet')
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('draws what a page passes for loading and for failure instead of the defaults', () => {
    const reload = vi.fn()
    const { rerender } = render(
      <ResourceView resource={{ status: 'loading' }} loading={null}>
        {() => <p>data</p>}
      </ResourceView>,
    )
    expect(screen.queryByRole('status')).toBeNull()
    rerender(
      <ResourceView
        resource={{ status: 'error', error: new ApiError(404, 'not_found', 'Not found.'), reload }}
        error={(e, retry) => (
          <button type="button" onClick={retry}>
            {`Gone: ${e.code}`}
          </button>
        )}
      >
        {() => <p>data</p>}
      </ResourceView>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Gone: not_found' }))
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
