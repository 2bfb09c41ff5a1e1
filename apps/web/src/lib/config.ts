/**
 * Runtime configuration of the web app. Build-time defaults come from Vite env variables
 * (VITE_SIGNET_*); the server overrides them with a JSON data block in the entry page
 * (`<script type="application/json" id="signet-config">`, data rather than code, so the
 * Content-Security-Policy needs no inline script); a page may override any of them before the app
 * starts by setting `window.__SIGNET_CONFIG__` (the E2E tests do this to poll the status page faster).
 */
export interface SignetConfig {
  /** 'production' hides the Test System frame. */
  mode: string;
  /** How often the status summary is polled for maintenance (spec §9: 60 s). */
  statusPollMs: number;
  /** Public home page the error page links to. */
  homeUrl: string;
  /** The terms and conditions; without it the terms are named but not linked. */
  termsUrl: string | null;
  /** Error reporting collection address; reporting is off without it. */
  errorReportUrl: string | null;
  /** Analytics collection address; analytics is off without it. */
  analyticsUrl: string | null;
  /** The image transformation endpoint on the site's origin (spec §7; the server says where). */
  imagesPath: string;
}

declare global {
  interface Window {
    __SIGNET_CONFIG__?: Partial<SignetConfig>;
  }
}

function envString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The server's config block; an unreadable one counts as absent (the build's defaults apply). */
function serverConfig(): Partial<SignetConfig> {
  const text = typeof document === 'undefined' ? null : document.getElementById('signet-config')?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Partial<SignetConfig>) : {};
  } catch {
    return {};
  }
}

export function readConfig(): SignetConfig {
  const env = import.meta.env;
  const overrides = typeof window === 'undefined' ? {} : (window.__SIGNET_CONFIG__ ?? {});
  const pollFromEnv = Number(env.VITE_SIGNET_STATUS_POLL_MS);
  return {
    mode: envString(env.VITE_SIGNET_MODE) ?? env.MODE,
    statusPollMs: Number.isFinite(pollFromEnv) && pollFromEnv > 0 ? pollFromEnv : 60_000,
    homeUrl: envString(env.VITE_SIGNET_HOME_URL) ?? '/',
    termsUrl: envString(env.VITE_SIGNET_TERMS_URL),
    errorReportUrl: envString(env.VITE_SIGNET_ERROR_REPORT_URL),
    analyticsUrl: envString(env.VITE_SIGNET_ANALYTICS_URL),
    imagesPath: '/.netlify/images',
    ...serverConfig(),
    ...overrides,
  };
}
