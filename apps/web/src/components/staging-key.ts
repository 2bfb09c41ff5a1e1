/** Local-storage entry that hides the Test System frame (spec §4). */
export const hideStagingKey = 'hide-staging-alert';
