import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { en, type MessageKey } from './messages-en'
import { ptBR } from './messages-pt-br'

export type Locale = 'en-US' | 'pt-BR'
const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': en, 'pt-BR': ptBR }

/** Picks a supported locale from a language tag (the host's, or the browser's). */
export function pickLocale(tag: string | undefined): Locale {
  return tag?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en-US'
}

/**
 * The device's locale: the first of the browser's preferred languages (`navigator.languages`, in order) we
 * have, English or Portuguese; English when none is.
 */
export function pickDeviceLocale(tags: readonly string[] | undefined): Locale {
  for (const tag of tags ?? []) {
    const t = tag.toLowerCase()
    if (t.startsWith('pt')) return 'pt-BR'
    if (t.startsWith('en')) return 'en-US'
  }
  return 'en-US'
}

/** The browser's languages, most preferred first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language]
}

/** Looks a message up and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, vars: Record<string, string> = {}): string {
  return (MESSAGES[locale][key] ?? key).replace(/\{(\w+)\}/g, (_m, name: string) => vars[name] ?? `{${name}}`)
}

/** The locale of a profile language (`en`, `pt-BR`), the user's choice that overrides the device's. */
export function localeOfLanguage(language: 'en' | 'pt-BR'): Locale {
  return language === 'pt-BR' ? 'pt-BR' : 'en-US'
}

export type I18n = {
  locale: Locale
  t: (key: MessageKey, vars?: Record<string, string>) => string
  /** Switches the page's language (the signed-in user's saved preference); null goes back to the device's. */
  setPreferred: (locale: Locale | null) => void
}
const I18nContext = createContext<I18n>({
  locale: 'en-US',
  t: (key, vars) => translate('en-US', key, vars),
  setPreferred: () => undefined,
})

/** `locale` is the device's (host or browser); a user's saved language, once known, takes over. */
export function I18nProvider({
  locale: deviceLocale,
  preferred: initialPreferred = null,
  children,
}: {
  locale: Locale
  preferred?: Locale | null
  children: ReactNode
}) {
  const [preferred, setPreferred] = useState<Locale | null>(initialPreferred)
  const locale = preferred ?? deviceLocale
  const value = useMemo<I18n>(() => {
    if (typeof document !== 'undefined') document.documentElement.lang = locale
    return { locale, t: (key, vars) => translate(locale, key, vars), setPreferred }
  }, [locale])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** The current locale and its `t`. */
export function useI18n(): I18n {
  return useContext(I18nContext)
}
