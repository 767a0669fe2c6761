import { useRef, useState, type FormEvent } from 'react'
import type { Capability, Envelope } from '../bridge/protocol.schema'
import { EMBEDS, isEmbedName, WEBVIEW_PAGES } from '../domain/webview-pages'
import { ROUTES } from '../embeds/lib/route-map'
import { SandboxControls } from '../embeds/admin/sandbox-controls'
import { useI18n } from '../embeds/lib/i18n'
import { useClientConfig } from '../embeds/lib/use-client-config'
import { readyData } from '../embeds/lib/use-resource'
import { Page } from '../embeds/ui/page'
import { ResourceView } from '../embeds/ui/resource-view'
import { DEMO_PASSWORD, PERSONAS } from '../fixtures/personas'
import { useQaHost, type LogLine, type QaSettings } from './use-qa-host'

/** Every page the harness can open: the standalone webview pages, then each other embed on its first screen. */
export const QA_PAGES = [
  ...Object.keys(WEBVIEW_PAGES),
  ...EMBEDS.filter((e) => !Object.values(WEBVIEW_PAGES).some((p) => p.embed === e)),
]

/** The screens an embed page (not a standalone webview page) can open on: its routes that take no parameter. */
export const qaScreens = (page: string): string[] =>
  isEmbedName(page) ? ROUTES.filter((r) => r.embed === page && !r.path.includes(':')).map((r) => r.path) : []

/**
 * `webview/test`: the QA harness. It plays the native host around any embed, shows every bridge message and drives the
 * sandbox.
 */
export function QaHarness() {
  const { t } = useI18n()
  const iframe = useRef<HTMLIFrameElement>(null)
  const qa = useQaHost(iframe)
  // Whether the server runs a sandbox decides what a launch signs in, so Launch waits for the answer: a launch made
  // before it came went without the sandbox's admin and its controls never appeared.
  const configResource = useClientConfig()
  const config = readyData(configResource)
  const sandboxOn = config !== undefined && config.monitoring.environment !== 'production'
  const [settings, setSettings] = useState<Omit<QaSettings, 'sandbox'>>({
    page: 'top-up',
    screen: '',
    email: 'personal@demo.cash',
    password: DEMO_PASSWORD,
    platform: 'ios',
    locale: 'en-US',
    theme: 'light',
    capabilities: [...qa.capabilities],
  })
  const set = <K extends keyof typeof settings>(key: K, value: (typeof settings)[K]) =>
    setSettings((s) => ({ ...s, [key]: value }))
  const toggle = (c: Capability) =>
    set(
      'capabilities',
      settings.capabilities.includes(c) ? settings.capabilities.filter((x) => x !== c) : [...settings.capabilities, c],
    )
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (config !== undefined) void qa.launch({ ...settings, sandbox: sandboxOn })
  }
  const [scanText, setScanText] = useState('')
  const screens = qaScreens(settings.page)
  return (
    <Page title={t('qa.title')} className="cash-qa">
      <div className="cash-qa-grid">
        <div className="cash-qa-controls" data-testid="qa.controls">
          <form className="cash-card cash-stack" onSubmit={submit} aria-label={t('qa.settings')}>
            <h2>{t('qa.controls')}</h2>
            <label className="cash-field">
              {t('qa.page')}{' '}
              <select
                value={settings.page}
                onChange={(e) => setSettings((s) => ({ ...s, page: e.target.value, screen: '' }))}
              >
                {QA_PAGES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            {screens.length > 1 ? (
              <label className="cash-field">
                {t('qa.screen')}{' '}
                <select value={settings.screen} onChange={(e) => set('screen', e.target.value)}>
                  <option value="">{t('qa.screen.first')}</option>
                  {screens.map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="cash-field">
              {t('qa.persona')}{' '}
              <select value={settings.email} onChange={(e) => set('email', e.target.value)}>
                <option value="">{t('qa.signedOut')}</option>
                {PERSONAS.map((p) => (
                  <option key={p.email} value={p.email}>
                    {t('qa.personaOption', { name: p.name, email: p.email })}
                  </option>
                ))}
              </select>
            </label>
            <label className="cash-field">
              {t('qa.password')}{' '}
              <input type="password" value={settings.password} onChange={(e) => set('password', e.target.value)} />
            </label>
            <label className="cash-field">
              {t('qa.platform')}{' '}
              <select
                value={settings.platform}
                onChange={(e) => set('platform', e.target.value as QaSettings['platform'])}
              >
                <option value="ios">iOS</option>
                <option value="android">Android</option>
                <option value="web">Web</option>
              </select>
            </label>
            <label className="cash-field">
              {t('qa.locale')}{' '}
              <select value={settings.locale} onChange={(e) => set('locale', e.target.value as QaSettings['locale'])}>
                <option value="en-US">English</option>
                <option value="pt-BR">Português (Brasil)</option>
              </select>
            </label>
            <label className="cash-field">
              {t('qa.theme')}{' '}
              <select value={settings.theme} onChange={(e) => set('theme', e.target.value as QaSettings['theme'])}>
                <option value="light">{t('qa.theme.light')}</option>
                <option value="dark">{t('qa.theme.dark')}</option>
              </select>
            </label>
            <fieldset className="cash-qa-capabilities">
              <legend>{t('qa.capabilities')}</legend>
              {qa.capabilities.map((c) => (
                <label key={c}>
                  <input type="checkbox" checked={settings.capabilities.includes(c)} onChange={() => toggle(c)} /> {c}
                </label>
              ))}
            </fieldset>
            <ResourceView
              resource={configResource}
              loading={
                <button type="submit" className="cash-button" disabled aria-busy="true">
                  {t('qa.launch')}
                </button>
              }
            >
              {() => (
                <button type="submit" className="cash-button">
                  {t('qa.launch')}
                </button>
              )}
            </ResourceView>
            {qa.error ? (
              <p className="cash-alert" role="alert">
                {qa.error}
              </p>
            ) : null}
          </form>

          {qa.asks.length ? (
            <section className="cash-card cash-stack" aria-label={t('qa.requests')}>
              {qa.asks.map((ask) =>
                ask.kind === 'confirm' ? (
                  <div key={ask.id} className="cash-stack">
                    <p>{t('qa.confirmAsk', { detail: ask.detail })}</p>
                    <button type="button" className="cash-button" onClick={() => ask.answer(true)}>
                      {t('qa.approve')}
                    </button>
                    <button
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      onClick={() => ask.answer(false)}
                    >
                      {t('qa.deny')}
                    </button>
                  </div>
                ) : (
                  <div key={ask.id} className="cash-stack">
                    <label className="cash-field">
                      {t('qa.scanned', { detail: ask.detail })}{' '}
                      <input value={scanText} onChange={(e) => setScanText(e.target.value)} />
                    </label>
                    <button type="button" className="cash-button" onClick={() => ask.answer(scanText)}>
                      {t('qa.sendScan')}
                    </button>
                    <button
                      type="button"
                      className="cash-button"
                      data-variant="secondary"
                      onClick={() => ask.answer(null)}
                    >
                      {t('qa.cancelScan')}
                    </button>
                  </div>
                ),
              )}
            </section>
          ) : null}

          <section className="cash-card cash-stack" aria-label={t('qa.events')}>
            <h2>{t('qa.events')}</h2>
            <div className="cash-actions">
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() => qa.emit('backPressed', {})}
              >
                {t('qa.backPressed')}
              </button>
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() => qa.emit('themeChanged', { theme: settings.theme === 'light' ? 'dark' : 'light' })}
              >
                {t('qa.switchTheme')}
              </button>
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() => qa.emit('visibility', { visible: false })}
              >
                {t('qa.hide')}
              </button>
              <button
                type="button"
                className="cash-button"
                data-variant="secondary"
                onClick={() => qa.emit('sessionChanged', { sessionToken: null })}
              >
                {t('qa.signOut')}
              </button>
            </div>
          </section>

          <section className="cash-card cash-stack" aria-labelledby="qa-sandbox">
            <h2 id="qa-sandbox">{t('qa.sandbox')}</h2>
            {!sandboxOn ? <p className="cash-muted">{t('qa.sandboxOff')}</p> : null}
            {sandboxOn && !qa.sandbox ? <p className="cash-muted">{t('qa.sandboxSignedOut')}</p> : null}
            {sandboxOn && qa.sandbox && config ? (
              <>
                <p className="cash-muted">{t('qa.sandboxFor', { email: qa.sandbox.email })}</p>
                {/* One persona's controls live across launches (what a tester typed stays); another's start afresh. */}
                <SandboxControls
                  key={qa.sandbox.email}
                  api={qa.sandbox.api}
                  who={qa.sandbox.email}
                  environment={config.monitoring.environment}
                  onChanged={() => qa.emit('dataChanged', {})}
                />
              </>
            ) : null}
          </section>
        </div>

        <div className="cash-qa-phone" aria-label={t('qa.phone')} role="group">
          {qa.src ? (
            <iframe ref={iframe} title={t('qa.frame')} src={qa.src} />
          ) : (
            <iframe ref={iframe} title={t('qa.frame')} className="cash-qa-idle" />
          )}
        </div>

        <div className="cash-qa-side">
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

          <section className="cash-card cash-qa-log" aria-labelledby="qa-messages">
            <h2 id="qa-messages">{t('qa.messages')}</h2>
            <p className="cash-muted">{qa.log.length ? t('qa.newestFirst') : t('qa.noMessages')}</p>
            {/* It scrolls inside its own box; focusable so a keyboard can scroll it. */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box */}
            <ol className="cash-list cash-qa-log-box" data-testid="qa.log" tabIndex={0} aria-labelledby="qa-messages">
              {[...qa.log].reverse().map((line) => (
                <li key={line.n}>
                  <code className="cash-qa-log-head">
                    {line.direction === 'in' ? '← embed' : '→ embed'} {summary(line.envelope)}
                  </code>
                  <pre>{JSON.stringify(payloadOf(line), null, 2)}</pre>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </Page>
  )
}

/** `req confirm`, `res ok`, `evt dataChanged`: one line per message. */
function summary(envelope: Envelope): string {
  return [
    envelope.kind,
    'method' in envelope ? envelope.method : '',
    'event' in envelope ? envelope.event : '',
    envelope.kind === 'res' ? (envelope.ok ? 'ok' : envelope.error.code) : '',
  ]
    .filter(Boolean)
    .join(' ')
}

/** What a message carries, without the envelope's routing fields; a session token shows its first characters only. */
function payloadOf(line: LogLine): unknown {
  const { ns: _ns, v: _v, ch: _ch, ...rest } = line.envelope
  return JSON.parse(JSON.stringify(rest), (key, value: unknown) =>
    key === 'sessionToken' && typeof value === 'string' ? `${value.slice(0, 6)}…` : value,
  )
}
