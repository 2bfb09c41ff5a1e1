import { invalidRequest, missingParam } from './stripe-error.js';

/** A parsed request: nested objects and arrays of strings, as Stripe's bracket notation gives them. */
export type Params = { [key: string]: ParamValue };
type ParamValue = string | Params | ParamValue[];

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; `expand[]` → ['expand', ''] (append). */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) parts.push(match[1]!);
  return parts;
}

/** Objects whose keys are all array indices (`items[0]`, `items[1]`) become arrays. */
function arraysOf(value: ParamValue): ParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arraysOf);
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => arraysOf(value[key]!));
  return Object.fromEntries(keys.map((key) => [key, arraysOf(value[key]!)]));
}

/**
 * Reads a form-encoded body or query string the way Stripe does: `metadata[plan]=team`,
 * `items[0][price]=price_1`, `expand[]=customer`. Stripe's SDK writes arrays with indices, other
 * clients with `[]`; both are read.
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (path.length > 5) throw invalidRequest(`Parameter ${key} is nested too deeply.`, key);
    let node: Params = root;
    for (const [index, part] of path.entries()) {
      const last = index === path.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (name === '__proto__' || name === 'constructor' || name === 'prototype')
        throw invalidRequest(`Invalid parameter name ${key}.`, key);
      if (last) {
        node[name] = value;
        break;
      }
      const next = node[name];
      if (typeof next === 'string' || Array.isArray(next))
        throw invalidRequest(`Invalid parameter: ${key} mixes a value and nested keys.`, key);
      node = next ?? (node[name] = {});
    }
  }
  return arraysOf(root) as Params;
}

/** Refuses parameters the endpoint does not know, as Stripe does (a typo fails loudly). */
export function allowOnly(params: Params, known: readonly string[]): void {
  for (const key of Object.keys(params))
    if (!known.includes(key) && key !== 'expand')
      throw invalidRequest(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
}

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${key}`, key);
  return value;
}

export function requiredStr(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === '') throw missingParam(key);
  return value;
}

export function int(
  params: Params,
  key: string,
  bounds: { min?: number; max?: number } = {},
): number | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number))
    throw invalidRequest(`Invalid integer: ${value}`, key);
  if (bounds.min !== undefined && number < bounds.min)
    throw invalidRequest(`This value must be greater than or equal to ${bounds.min}.`, key);
  if (bounds.max !== undefined && number > bounds.max)
    throw invalidRequest(`This value must be less than or equal to ${bounds.max}.`, key);
  return number;
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, key);
  return value === 'true';
}

export function oneOf<T extends string>(params: Params, key: string, values: readonly T[]): T | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value))
    throw invalidRequest(`Invalid ${key}: must be one of ${values.join(', ')}`, key);
  return value as T;
}

export function obj(params: Params, key: string): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) throw invalidRequest(`Invalid object: ${key}`, key);
  return value;
}

export function list(params: Params, key: string): Params[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item === 'string' || Array.isArray(item)))
    throw invalidRequest(`Invalid array: ${key}`, key);
  return value as Params[];
}

export function strings(params: Params, key: string): string[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw invalidRequest(`Invalid array: ${key}`, key);
  return value as string[];
}

/** `metadata[...]`: string values; an empty string removes the key (Stripe's way of unsetting). */
export function mergeMetadata(current: Record<string, string>, params: Params): Record<string, string> {
  const given = params.metadata;
  if (given === undefined) return current;
  if (given === '') return {};
  if (typeof given === 'string' || Array.isArray(given)) throw invalidRequest('Invalid object', 'metadata');
  const merged = { ...current };
  for (const [key, value] of Object.entries(given)) {
    if (typeof value !== 'string')
      throw invalidRequest(`Invalid metadata value for ${key}`, `metadata[${key}]`);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
