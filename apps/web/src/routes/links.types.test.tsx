import { QueryClient } from '@tanstack/react-query';
import {
  linkOptions,
  redirect,
  type RegisteredRouter,
  type ValidateNavigateOptions,
} from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ButtonLink } from '../components/router-links.tsx';
import { createAppRouter } from '../router.tsx';
import { routeTable, type RouteTableEntry } from './route-table.ts';

// The `@ts-expect-error` lines below are checked by `npm run typecheck`: each would compile if the
// router's types did not know the routes, and then the type check fails on the unused directive.

/** A navigation the router accepts, each member of a union on its own. */
type Navigable<T> = T extends unknown ? ValidateNavigateOptions<RegisteredRouter, T> : never;

type TableRedirect = NonNullable<Extract<RouteTableEntry, { redirectTo: object }>['redirectTo']>;

const router = createAppRouter(new QueryClient());

describe('typed links', () => {
  it('the router has exactly the pages of the route table', () => {
    expect(Object.keys(router.routesByPath).sort()).toEqual(routeTable.map((spec) => spec.path).sort());
  });

  it('a link names a page and gives its parameters, which become the address', () => {
    const view = linkOptions({ to: '/view/$srid', params: { srid: 'r1' } });
    expect(router.buildLocation(view).href).toBe('/view/r1');
    const seal = linkOptions({ to: '/business/seals/$accountname', params: { accountname: 'a.b@c' } });
    expect(router.buildLocation(seal).href).toBe('/business/seals/a.b%40c'); // values are encoded
    const draft = linkOptions({ to: '/upload', search: { sr: 'r2' } });
    expect(router.buildLocation(draft).href).toBe('/upload?sr=r2');
  });

  it('a link to a page that does not exist, or without its parameters, does not compile', () => {
    const wrong = [
      // @ts-expect-error: no such page
      linkOptions({ to: '/no/such/page' }),
      // @ts-expect-error: the page needs its srid
      linkOptions({ to: '/view/$srid' }),
      // @ts-expect-error: the parameter is srid, not id
      linkOptions({ to: '/view/$srid', params: { id: 'r1' } }),
      // @ts-expect-error: the tab is one of a fixed set
      linkOptions({ to: '/business/activity', search: { tab: 'everything' } }),
      // @ts-expect-error: the return target is a string
      linkOptions({ to: '/login', search: { redirect: 42 } }),
      // @ts-expect-error: the template is no path to call with a value in it
      linkOptions({ to: `/view/${'r1'}` as const }),
    ];
    expect(wrong).toHaveLength(6);
  });

  it('the MUI link components are checked as <Link> is', () => {
    const elements = [
      <ButtonLink key="ok" to="/view/$srid" params={{ srid: 'r1' }} />,
      // @ts-expect-error: no such page
      <ButtonLink key="missing" to="/no/such/page" />,
      // @ts-expect-error: the page needs its id
      <ButtonLink key="params" to="/sendto/$id" />,
    ];
    expect(elements).toHaveLength(3);
  });

  it('the route table redirects to pages the router has', () => {
    const redirects: Navigable<TableRedirect>[] = routeTable.flatMap((spec) =>
      spec.redirectTo ? [spec.redirectTo as TableRedirect] : [],
    );
    expect(redirects.map((target) => redirect(target).options.to)).toEqual([
      '/dashboard',
      '/business/dashboard',
      '/business/activity',
    ]);
    // @ts-expect-error: a redirect to a page the router does not have
    const wrong: Navigable<{ to: '/no/such/page' }> = { to: '/no/such/page' };
    expect(wrong.to).toBe('/no/such/page');
  });
});
