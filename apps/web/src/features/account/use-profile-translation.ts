import { useTranslation } from 'react-i18next';

/** The namespace of the profile pages' own strings (`features/account/locales`, see lib/i18n.ts). */
export const profileNamespace = 'account';

/**
 * The profile pages' strings, falling back to the shell's (`validation.*` rule messages,
 * `errors.*` codes, `common.*`, `titles.*`), so one `t` reads both.
 */
export function useProfileTranslation() {
  return useTranslation([profileNamespace, 'translation'], { nsMode: 'fallback' });
}
