import { int, str, strings, type Params } from './form-params.js';
import type { PaymentsStore, StripeObject } from './payments-store.js';
import { invalidRequest } from './stripe-error.js';

/** Replaces the id at `path` (dotted, through lists' `data`) with the object, as `expand[]` does. */
function expandPath(store: PaymentsStore, value: unknown, path: string[], whole: string): void {
  if (Array.isArray(value)) {
    for (const item of value) expandPath(store, item, path, whole);
    return;
  }
  const cannot = () => invalidRequest(`This property cannot be expanded (${whole}).`, 'expand');
  const [key, ...rest] = path;
  if (!key || value === null || typeof value !== 'object' || !(key in value)) throw cannot();
  const holder = value as Record<string, unknown>;
  // Any field holding the id of a stored object can be expanded (product ids may be chosen freely).
  const isExpandableId = (item: unknown): item is string =>
    typeof item === 'string' && store.find(item) !== undefined;
  const objectOf = (id: string) => structuredClone(store.find(id) ?? id);
  const current = holder[key];
  if (isExpandableId(current)) holder[key] = objectOf(current);
  else if (Array.isArray(current) && rest.length === 0)
    holder[key] = current.map((item) => (isExpandableId(item) ? objectOf(item) : item));
  else if (rest.length === 0 && current !== null) throw cannot();
  if (rest.length > 0 && holder[key] !== null) expandPath(store, holder[key], rest, whole);
}

/** A copy of `object` with the `expand[]` paths of the request filled in (at most four levels, as at Stripe). */
export function render(
  store: PaymentsStore,
  object: StripeObject | Record<string, unknown>,
  params: Params,
): unknown {
  const copy = structuredClone(object);
  for (const path of strings(params, 'expand') ?? []) {
    const parts = path.split('.');
    if (parts.length > 4)
      throw invalidRequest(`You cannot expand more than 4 levels of a property (${path}).`, 'expand');
    expandPath(store, copy, parts, path);
  }
  return copy;
}

/**
 * One page of a list, newest first: `limit` (1–100, default 10), `starting_after` / `ending_before`
 * an object id of the list, `has_more`. Expansions apply with their `data.` prefix.
 */
export function renderList(
  store: PaymentsStore,
  items: StripeObject[],
  params: Params,
  url: string,
): unknown {
  const limit = int(params, 'limit', { min: 1, max: 100 }) ?? 10;
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after !== undefined) {
    const index = items.findIndex((item) => item.id === after);
    if (index < 0)
      throw invalidRequest(`No such object in this list: '${after}'`, 'starting_after', 'resource_missing');
    start = index + 1;
  } else if (before !== undefined) {
    const index = items.findIndex((item) => item.id === before);
    if (index < 0)
      throw invalidRequest(`No such object in this list: '${before}'`, 'ending_before', 'resource_missing');
    end = index;
    start = Math.max(0, end - limit);
  }
  const page = items.slice(start, Math.min(end, start + limit));
  const hasMore = before !== undefined ? start > 0 : start + limit < end;
  return render(store, { object: 'list', data: page, has_more: hasMore, url }, params);
}
