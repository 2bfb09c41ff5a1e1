import { describe, expect, it } from 'vitest';
import { SearchParamError } from '@tanstack/react-router';
import { ApiError } from '../lib/api-client.ts';
import { errorView } from './app-error-page.tsx';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0';

describe('which errors show the error page (spec §2/§8)', () => {
  it('shows nothing for a 401 (the session handler takes over)', () => {
    expect(errorView(new ApiError({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'x' }), browser)).toBe(
      'none',
    );
  });

  it('shows the error page for any other error', () => {
    expect(errorView(new ApiError({ statusCode: 418, code: 'HTTP_418', message: 'x' }), browser)).toBe(
      'error',
    );
    expect(errorView(new TypeError('boom'), browser)).toBe('error');
  });

  it('only logs for crawlers', () => {
    expect(errorView(new TypeError('boom'), 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe('none');
  });

  it('gives 404 for route validation failures and reloads for missing chunks', () => {
    expect(errorView(new SearchParamError('bad'), browser)).toBe('not-found');
    expect(
      errorView(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'), browser),
    ).toBe('reload');
  });
});
