import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { en, type MessageKey } from './messages-en'
import { ptBR } from './messages-pt-br'

export type Locale = 'en-US' | 'pt-BR'
const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': en, 'pt-BR': ptBR }

/** Picks a supported locale from a language tag (the host's, or the browser's). */
export function pickLocale(tag: string | undefined): Locale {
  return tag?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en-US'
}

/** Looks a message up and fills `{name}` placeholders. */
export function translate(locale: Locale, key: MessageKey, vars: Record<string, string> = {}): string {
  return (MESSAGES[locale][key] ?? key).replace(/\{(\w+)\}/g, (_m, name: string) => vars[name] ?? `{${name}}`)
}

type I18n = { locale: Locale; t: (key: MessageKey, vars?: Record<string, string>) => string }
const I18nContext = createContext<I18n>({ locale: 'en-US', t: (key, vars) => translate('en-US', key, vars) })

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo<I18n>(() => ({ locale, t: (key, vars) => translate(locale, key, vars) }), [locale])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** The current locale and its `t`. */
export function useI18n(): I18n {
  return useContext(I18nContext)
}
