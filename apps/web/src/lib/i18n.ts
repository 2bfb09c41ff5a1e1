import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currencyFor as platformCurrencyFor, platformOf } from '@signet/contracts/billing';
import { defaultLanguage, Language, languages } from '@signet/contracts/common';

/** Spec §9: Italian exists for direct signing only and is not offered in the language menu. */
export const selectableLanguages = languages.filter((lang) => lang !== 'it');
const storageKey = 'signet.lang';

// Every language, English too, is a chunk of its own: a page loads only the language it shows.
const shellLocales: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  'en-gb': () => import('../locales/en-gb.json'),
  'de-ch': () => import('../locales/de-ch.json'),
  'fr-ch': () => import('../locales/fr-ch.json'),
  it: () => import('../locales/it.json'),
};

/**
 * A feature's own strings live beside it in `features/<name>/locales/<lang>.json` and form the i18next
 * namespace `<name>` (`useTranslation('<name>')`): each loads with the first page that uses it, so the
 * login page does not carry the signing screens' text, and features do not share one file.
 */
const featureLocales = import.meta.glob<{ default: ResourceKey }>('../features/*/locales/*.json');

function loaderFor(
  language: string,
  namespace: string,
): (() => Promise<{ default: ResourceKey }>) | undefined {
  if (namespace !== 'translation') return featureLocales[`../features/${namespace}/locales/${language}.json`];
  return shellLocales[language as Language];
}

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = loaderFor(language, namespace);
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** Pages Italian is offered on: direct signing, and /validate (reached from any signature's QR code). */
function offersItalian(pathname: string): boolean {
  return (
    pathname.startsWith('/direct-sign') || /^\/view\/[^/]+\/[^/]+/.test(pathname) || pathname === '/validate'
  );
}

/** The `lang` query parameter wins, then the stored choice, then the browser, then en-gb. */
export function pickLanguage(search: string, pathname: string, browser: readonly string[]): Language {
  const fromQuery = Language.safeParse(new URLSearchParams(search).get('lang')?.toLowerCase());
  if (fromQuery.success && (fromQuery.data !== 'it' || offersItalian(pathname))) return fromQuery.data;
  const stored = Language.safeParse(localStorage.getItem(storageKey));
  if (stored.success && stored.data !== 'it') return stored.data;
  for (const candidate of browser) {
    const prefix = candidate.toLowerCase().slice(0, 2);
    if (prefix === 'de') return 'de-ch';
    if (prefix === 'fr') return 'fr-ch';
    if (prefix === 'en') return 'en-gb';
  }
  return defaultLanguage;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
  await i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // Swiss German and French translate every string (locales.test.ts), so they load no English;
      // Italian covers only the pages it is offered on and falls back to English elsewhere.
      fallbackLng: { it: [defaultLanguage], default: [] },
      supportedLngs: [...languages],
      lowerCaseLng: true,
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

export async function changeLanguage(language: Language, remember = true): Promise<void> {
  if (remember && language !== 'it') localStorage.setItem(storageKey, language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  // Called for every date and amount on a page: a lookup, not a schema parse.
  return (languages as readonly string[]).includes(i18next.language)
    ? (i18next.language as Language)
    : defaultLanguage;
}

// Building an Intl formatter costs about as much as a small component's render (it loads the locale's
// data); a dashboard of 20 rows formatted 40 dates with 40 new formatters. They never change: one per
// language and options, kept.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter as T;
}

/** The one `Intl.DateTimeFormat` for `language` and `options`. */
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return kept(`d ${language} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));
}

/** The one `Intl.NumberFormat` for `language` and `options`. */
export function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(`n ${language} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
}

/** A calendar date (`YYYY-MM-DD`, a birth date) in full, as it reads everywhere in the world. */
export function formatCalendarDate(isoDate: string, language: Language = currentLanguage()): string {
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** Spec §9: day numeric, month short, year numeric, hour and minute. */
const dateTimeOptions: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
};

export function formatDateTime(value: Date | string, language: Language = currentLanguage()): string {
  return dateTimeFormat(language, dateTimeOptions).format(
    typeof value === 'string' ? new Date(value) : value,
  );
}

/**
 * Builds the date formatter of `language` the first time the page is idle. The first
 * `Intl.DateTimeFormat` of a page loads the locale's calendar and time-zone data: about 15 ms here,
 * 50–80 ms on a phone's CPU (4× slower), which landed inside the render of the first page that
 * shows a date (the dashboard's list) and kept the page from answering. While the app waits for its
 * first answers from the API, the main thread has nothing else to do.
 */
export function prepareDateFormatting(
  language: Language,
  whenIdle: (work: () => void) => void = (work) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(work) : setTimeout(work, 0),
): void {
  whenIdle(() => dateTimeFormat(language, dateTimeOptions));
}

/**
 * Spec §9: EUR for en-gb and on the EU platform, CHF for the Swiss locales, no currency of its own
 * for Italian (prices then come in the platform's currency: `priceCurrencyFor`).
 */
export function currencyFor(language: Language): 'EUR' | 'CHF' | null {
  if (language === 'it') return null;
  return priceCurrencyFor(language);
}

/** The currency prices are shown in on this platform (the page's host decides it, spec §9). */
export function priceCurrencyFor(language: Language): 'EUR' | 'CHF' {
  return platformCurrencyFor(language, platformOf(globalThis.location?.hostname ?? 'localhost'));
}

/**
 * The payer's country a payment form starts with: Germany where prices are in EUR (en-gb, the EU
 * platform, whose country lists DE heads), else Switzerland (spec §9).
 */
export function billingCountryFor(language: Language = currentLanguage()): 'DE' | 'CH' {
  return priceCurrencyFor(language) === 'EUR' ? 'DE' : 'CH';
}

/** An amount (major units) in `currency`, by default the language's own; none: a plain number. */
export function formatMoney(
  amount: number,
  language: Language = currentLanguage(),
  currency: 'EUR' | 'CHF' | null = currencyFor(language),
): string {
  return currency
    ? numberFormat(language, { style: 'currency', currency }).format(amount)
    : numberFormat(language, { minimumFractionDigits: 2 }).format(amount);
}
