import { useRef, useState, type FormEvent } from 'react'
import type { Capability } from '../bridge/protocol.schema'
import { EMBEDS, WEBVIEW_PAGES } from '../domain/webview-pages'
import { Page } from '../embeds/ui/page'
import { useQaHost, type QaSettings } from './use-qa-host'

const PAGES = [...Object.keys(WEBVIEW_PAGES), ...EMBEDS.filter((e) => !Object.values(WEBVIEW_PAGES).some((p) => p.embed === e))]
const PERSONAS = ['personal@demo.cash', 'borrower@demo.cash', 'owner@acme.demo.cash', 'member@acme.demo.cash', 'new@demo.cash', 'admin@demo.cash']

/** `webview/test`: the QA harness. It plays the native host around any embed and shows every bridge message. */
export function QaHarness() {
  const iframe = useRef<HTMLIFrameElement>(null)
  const qa = useQaHost(iframe)
  const [settings, setSettings] = useState<QaSettings>({ page: 'top-up', email: 'personal@demo.cash', password: 'cash-demo-2026', platform: 'ios', locale: 'en-US', theme: 'light', capabilities: [...qa.capabilities] })
  const set = <K extends keyof QaSettings>(key: K, value: QaSettings[K]) => setSettings((s) => ({ ...s, [key]: value }))
  const toggle = (c: Capability) => set('capabilities', settings.capabilities.includes(c) ? settings.capabilities.filter((x) => x !== c) : [...settings.capabilities, c])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void qa.launch(settings)
  }
  const [scanText, setScanText] = useState('')
  return (
    <Page title="QA harness">
      <form className="cash-card cash-stack" onSubmit={submit} aria-label="Host settings">
        <label>
          Page <select value={settings.page} onChange={(e) => set('page', e.target.value)}>{PAGES.map((p) => <option key={p} value={p}>{p}</option>)}</select>
        </label>
        <label>
          Persona <select value={settings.email} onChange={(e) => set('email', e.target.value)}><option value="">Signed out</option>{PERSONAS.map((p) => <option key={p} value={p}>{p}</option>)}</select>
        </label>
        <label>
          Password <input type="password" value={settings.password} onChange={(e) => set('password', e.target.value)} />
        </label>
        <label>
          Platform <select value={settings.platform} onChange={(e) => set('platform', e.target.value as QaSettings['platform'])}><option value="ios">iOS</option><option value="android">Android</option><option value="web">Web</option></select>
        </label>
        <label>
          Locale <select value={settings.locale} onChange={(e) => set('locale', e.target.value as QaSettings['locale'])}><option value="en-US">English</option><option value="pt-BR">Português (Brasil)</option></select>
        </label>
        <label>
          Theme <select value={settings.theme} onChange={(e) => set('theme', e.target.value as QaSettings['theme'])}><option value="light">Light</option><option value="dark">Dark</option></select>
        </label>
        <fieldset>
          <legend>Host capabilities</legend>
          {qa.capabilities.map((c) => (
            <label key={c} style={{ marginRight: 12 }}>
              <input type="checkbox" checked={settings.capabilities.includes(c)} onChange={() => toggle(c)} /> {c}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="cash-button">Launch</button>
        {qa.error ? <p className="cash-alert" role="alert">{qa.error}</p> : null}
      </form>

      {qa.asks.length ? (
        <section className="cash-card cash-stack" aria-label="Host requests">
          {qa.asks.map((ask, i) =>
            ask.kind === 'confirm' ? (
              <div key={i} className="cash-stack">
                <p>Confirm with biometrics: {ask.detail}</p>
                <button type="button" className="cash-button" onClick={() => ask.answer(true)}>Approve</button>
                <button type="button" className="cash-button" data-variant="secondary" onClick={() => ask.answer(false)}>Deny</button>
              </div>
            ) : (
              <div key={i} className="cash-stack">
                <label>Scanned text for “{ask.detail}” <input value={scanText} onChange={(e) => setScanText(e.target.value)} /></label>
                <button type="button" className="cash-button" onClick={() => ask.answer(scanText)}>Send scan</button>
                <button type="button" className="cash-button" data-variant="secondary" onClick={() => ask.answer(null)}>Cancel scan</button>
              </div>
            ),
          )}
        </section>
      ) : null}

      <section className="cash-card cash-stack" aria-label="Host events">
        <div className="cash-row" style={{ flexWrap: 'wrap' }}>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('backPressed', {})}>Back pressed</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('themeChanged', { theme: settings.theme === 'light' ? 'dark' : 'light' })}>Switch theme</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('visibility', { visible: false })}>Hide</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('sessionChanged', { sessionToken: null })}>Sign out</button>
        </div>
      </section>

      {qa.src ? <iframe ref={iframe} title="Embed under test" src={qa.src} style={{ width: 390, maxWidth: '100%', height: 640, border: '1px solid var(--cash-border)', borderRadius: 12 }} /> : <iframe ref={iframe} title="Embed under test" hidden />}

      <section className="cash-card" aria-label="Host notifications">
        <h2>Host notifications</h2>
        {qa.notices.length === 0 ? <p className="cash-muted">None yet: the embed calls notify for each new unread notification.</p> : null}
        <ol className="cash-list" data-testid="qa.notices">
          {qa.notices.map((n) => (
            <li key={n.id}>
              <strong>{n.title}</strong> {n.body}
            </li>
          ))}
        </ol>
      </section>

      <section className="cash-card" aria-label="Bridge messages">
        <h2>Bridge messages</h2>
        <ol className="cash-list" data-testid="qa.log">
          {qa.log.map((line) => (
            <li key={line.n}>
              <code>
                {line.direction === 'in' ? '← embed' : '→ embed'} {line.envelope.kind}
                {'method' in line.envelope ? ` ${line.envelope.method}` : ''}
                {'event' in line.envelope ? ` ${line.envelope.event}` : ''}
                {line.envelope.kind === 'res' ? ` ${line.envelope.ok ? 'ok' : line.envelope.error.code}` : ''}
              </code>
            </li>
          ))}
        </ol>
      </section>
    </Page>
  )
}
