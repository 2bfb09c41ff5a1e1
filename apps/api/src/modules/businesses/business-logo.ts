import type { BusinessLogo } from '@signet/contracts/businesses';

/**
 * The company logo as settings.companyBranding.logo gives it. Its address names the logo's content,
 * so a replaced logo gets a new address (browsers and mail clients may keep it forever) and an old
 * one stops answering. Relative to the server: mails put the public URL in front.
 */
export function logoOf(row: {
  id: string;
  logoSha256: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
}): BusinessLogo | null {
  if (!row.logoSha256 || row.logoWidth === null || row.logoHeight === null) return null;
  return {
    url: `/api/v1/businesses/${row.id}/branding/logo/${row.logoSha256}`,
    width: row.logoWidth,
    height: row.logoHeight,
  };
}
