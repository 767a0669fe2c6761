import { useRef, useState, type FormEvent } from 'react'
import type { Capability } from '../bridge/protocol.schema'
import { EMBEDS, WEBVIEW_PAGES } from '../domain/webview-pages'
import { useI18n } from '../embeds/lib/i18n'
import { Page } from '../embeds/ui/page'
import { useQaHost, type QaSettings } from './use-qa-host'

const PAGES = [...Object.keys(WEBVIEW_PAGES), ...EMBEDS.filter((e) => !Object.values(WEBVIEW_PAGES).some((p) => p.embed === e))]
const PERSONAS = ['personal@demo.cash', 'borrower@demo.cash', 'owner@acme.demo.cash', 'member@acme.demo.cash', 'new@demo.cash', 'admin@demo.cash']

/** `webview/test`: the QA harness. It plays the native host around any embed and shows every bridge message. */
export function QaHarness() {
  const { t } = useI18n()
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
    <Page title={t('qa.title')}>
      <form className="cash-card cash-stack" onSubmit={submit} aria-label={t('qa.settings')}>
        <label>
          {t('qa.page')} <select value={settings.page} onChange={(e) => set('page', e.target.value)}>{PAGES.map((p) => <option key={p} value={p}>{p}</option>)}</select>
        </label>
        <label>
          {t('qa.persona')} <select value={settings.email} onChange={(e) => set('email', e.target.value)}><option value="">{t('qa.signedOut')}</option>{PERSONAS.map((p) => <option key={p} value={p}>{p}</option>)}</select>
        </label>
        <label>
          {t('qa.password')} <input type="password" value={settings.password} onChange={(e) => set('password', e.target.value)} />
        </label>
        <label>
          {t('qa.platform')} <select value={settings.platform} onChange={(e) => set('platform', e.target.value as QaSettings['platform'])}><option value="ios">iOS</option><option value="android">Android</option><option value="web">Web</option></select>
        </label>
        <label>
          {t('qa.locale')} <select value={settings.locale} onChange={(e) => set('locale', e.target.value as QaSettings['locale'])}><option value="en-US">English</option><option value="pt-BR">Português (Brasil)</option></select>
        </label>
        <label>
          {t('qa.theme')} <select value={settings.theme} onChange={(e) => set('theme', e.target.value as QaSettings['theme'])}><option value="light">{t('qa.theme.light')}</option><option value="dark">{t('qa.theme.dark')}</option></select>
        </label>
        <fieldset>
          <legend>{t('qa.capabilities')}</legend>
          {qa.capabilities.map((c) => (
            <label key={c} style={{ marginRight: 12 }}>
              <input type="checkbox" checked={settings.capabilities.includes(c)} onChange={() => toggle(c)} /> {c}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="cash-button">{t('qa.launch')}</button>
        {qa.error ? <p className="cash-alert" role="alert">{qa.error}</p> : null}
      </form>

      {qa.asks.length ? (
        <section className="cash-card cash-stack" aria-label={t('qa.requests')}>
          {qa.asks.map((ask, i) =>
            ask.kind === 'confirm' ? (
              <div key={i} className="cash-stack">
                <p>{t('qa.confirmAsk', { detail: ask.detail })}</p>
                <button type="button" className="cash-button" onClick={() => ask.answer(true)}>{t('qa.approve')}</button>
                <button type="button" className="cash-button" data-variant="secondary" onClick={() => ask.answer(false)}>{t('qa.deny')}</button>
              </div>
            ) : (
              <div key={i} className="cash-stack">
                <label>{t('qa.scanned', { detail: ask.detail })} <input value={scanText} onChange={(e) => setScanText(e.target.value)} /></label>
                <button type="button" className="cash-button" onClick={() => ask.answer(scanText)}>{t('qa.sendScan')}</button>
                <button type="button" className="cash-button" data-variant="secondary" onClick={() => ask.answer(null)}>{t('qa.cancelScan')}</button>
              </div>
            ),
          )}
        </section>
      ) : null}

      <section className="cash-card cash-stack" aria-label={t('qa.events')}>
        <div className="cash-row" style={{ flexWrap: 'wrap' }}>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('backPressed', {})}>{t('qa.backPressed')}</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('themeChanged', { theme: settings.theme === 'light' ? 'dark' : 'light' })}>{t('qa.switchTheme')}</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('visibility', { visible: false })}>{t('qa.hide')}</button>
          <button type="button" className="cash-button" data-variant="secondary" onClick={() => qa.emit('sessionChanged', { sessionToken: null })}>{t('qa.signOut')}</button>
        </div>
      </section>

      {qa.src ? <iframe ref={iframe} title={t('qa.frame')} src={qa.src} style={{ width: 390, maxWidth: '100%', height: 640, border: '1px solid var(--cash-border)', borderRadius: 12 }} /> : <iframe ref={iframe} title={t('qa.frame')} hidden />}

      <section className="cash-card" aria-label={t('qa.notifications')}>
        <h2>{t('qa.notifications')}</h2>
        {qa.notices.length === 0 ? <p className="cash-muted">{t('qa.noNotifications')}</p> : null}
        <ol className="cash-list" data-testid="qa.notices">
          {qa.notices.map((n) => (
            <li key={n.id}>
              <strong>{n.title}</strong> {n.body}
            </li>
          ))}
        </ol>
      </section>

      <section className="cash-card" aria-label={t('qa.messages')}>
        <h2>{t('qa.messages')}</h2>
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
