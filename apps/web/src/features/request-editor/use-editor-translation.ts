import { useTranslation } from 'react-i18next';

/**
 * The editor's strings, falling back to the shell's (`validation.*` rule messages, `errors.*`
 * codes, `common.*`), so one `t` reads both.
 */
export function useEditorTranslation() {
  return useTranslation(['request-editor', 'translation'], { nsMode: 'fallback' });
}
