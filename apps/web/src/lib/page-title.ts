const productName = 'Signet';

/** The last path segment that is not a parameter, dash words capitalised: '/password-reset/new' → 'New'. */
export function titleFromPath(routePath: string): string | null {
  const segment = routePath
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('$'))
    .at(-1);
  if (!segment) return null;
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Spec §2: '{page title} - Signet' from the meta title if it is a string, else from the path; else 'Signet'. */
export function pageTitle(metaTitle: unknown, routePath: string): string {
  const title =
    typeof metaTitle === 'string' && metaTitle.trim() !== '' ? metaTitle : titleFromPath(routePath);
  return title ? `${title} - ${productName}` : productName;
}
