/** The browser (or app) and system a session was made from, as a holder recognises them; null when unknown. */
export type DeviceSummary = { browser: string | null; os: string | null }

/** In order: the first match wins (Edge and Opera also say Chrome; Chrome also says Safari). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(iPhone|iPod)\b|\biOS\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/**
 * Reads a User-Agent header into names a person knows ("Chrome", "macOS"), for the list of signed-in devices. Only
 * the well-known families: anything else is null, and the page says "unknown" rather than guessing.
 */
export function summariseUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = userAgent ?? ''
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  }
}
