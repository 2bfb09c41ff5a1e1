import type { Aes4Biz, CustomExtras, UpdateAes4BizBody } from '@signet/contracts/business-branding';
import { defaultBusinessSettings } from '@signet/contracts/businesses';
import type { Aes4BizRecord } from '../../db/schema/businesses.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { verifiedDomainNames } from './business-domains.repository.ts';
import * as repo from './businesses.repository.ts';
import { requireBusiness, settingsOf } from './businesses.service.ts';

// aes4biz (spec §3) and the custom extras: what a business set up beyond a new business's defaults.

const noAes4Biz: Aes4BizRecord = {
  enabled: false,
  representativeName: null,
  representativeEmail: null,
  commercialRegister: null,
};

async function aes4bizOf(deps: BusinessesDeps, row: repo.BusinessRow): Promise<Aes4Biz> {
  return { ...noAes4Biz, ...row.aes4biz, domains: await verifiedDomainNames(deps.db, row.id) };
}

export async function getAes4Biz(deps: BusinessesDeps, caller: BusinessCaller): Promise<Aes4Biz> {
  return aes4bizOf(deps, await requireBusiness(deps.db, caller.businessId));
}

/** An emptied text field is stored as not set (null), so the page can tell "not given" apart. */
const blankToNull = (value: string | null | undefined) => (value === '' ? null : value);

export async function updateAes4Biz(
  deps: BusinessesDeps,
  caller: BusinessCaller,
  body: UpdateAes4BizBody,
): Promise<Aes4Biz> {
  return deps.db.transaction(async (tx) => {
    await repo.lockBusiness(tx, caller.businessId);
    const row = await requireBusiness(tx, caller.businessId);
    const changes = Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        typeof value === 'string' ? blankToNull(value) : value,
      ]),
    );
    const aes4biz: Aes4BizRecord = { ...noAes4Biz, ...row.aes4biz, ...changes };
    await repo.updateBusiness(tx, row.id, { aes4biz, updatedAt: deps.clock.now() });
    return aes4bizOf({ ...deps, db: tx }, { ...row, aes4biz });
  });
}

type Leaf = CustomExtras['extras'][number]['value'];

/** Every leaf of a settings object by its dotted path (`signatureRequests.part11.enabled`). */
function leaves(value: unknown, path = ''): Map<string, Leaf> {
  if (typeof value !== 'object' || value === null) return new Map([[path, value as Leaf]]);
  const all = new Map<string, Leaf>();
  for (const [key, child] of Object.entries(value))
    for (const [leafPath, leaf] of leaves(child, path ? `${path}.${key}` : key)) all.set(leafPath, leaf);
  return all;
}

/**
 * GET .../customextras: each setting that differs from a new business's, the logo (its address)
 * and the aes4biz fields given.
 */
export async function customExtras(deps: BusinessesDeps, caller: BusinessCaller): Promise<CustomExtras> {
  const row = await requireBusiness(deps.db, caller.businessId);
  const defaults = leaves(defaultBusinessSettings);
  const extras: CustomExtras['extras'] = [];
  const { companyBranding, ...settings } = settingsOf(row);
  for (const [setting, value] of leaves(settings))
    if (value !== defaults.get(setting)) extras.push({ setting, value });
  // The logo is one extra: its address (its size is the picture's own).
  if (companyBranding.logo) extras.push({ setting: 'companyBranding.logo', value: companyBranding.logo.url });
  for (const [field, value] of leaves(row.aes4biz ?? {}, 'aes4biz'))
    if (value !== null && value !== false) extras.push({ setting: field, value });
  return { extras };
}
