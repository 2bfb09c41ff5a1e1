import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { createStyleCache } from './style-cache.ts';

/** The entry page as the server writes it: a csp-nonce meta element and the config data block. */
function serverPage(config: string, nonce = 'abc123') {
  document.head.innerHTML = `<meta property="csp-nonce" nonce="${nonce}" /><script type="application/json" id="signet-config">${config}</script>`;
}

afterEach(() => {
  document.head.innerHTML = '';
  delete window.__SIGNET_CONFIG__;
});

describe('runtime config from the entry page', () => {
  it('reads the server config block, and a page override wins over it', () => {
    serverPage('{"mode":"sandbox"}');
    expect(readConfig().mode).toBe('sandbox');
    window.__SIGNET_CONFIG__ = { mode: 'production', statusPollMs: 300 };
    expect(readConfig()).toMatchObject({ mode: 'production', statusPollMs: 300 });
  });

  it('keeps the build defaults when the block is missing or unreadable', () => {
    const defaults = readConfig();
    serverPage('{"mode":');
    expect(readConfig()).toEqual(defaults);
  });

  it('gives the style elements the nonce of the entry page', () => {
    serverPage('{}', 'n0nce');
    expect(createStyleCache().nonce).toBe('n0nce');
    document.head.innerHTML = '';
    expect(createStyleCache().nonce).toBeUndefined();
  });
});
