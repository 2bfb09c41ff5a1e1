import { loadConfig } from '../config.ts';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { setMaintenance } from '../modules/platform/platform.service.ts';
import { systemClock } from '../clock.ts';

/**
 * Operators' command to start or end a maintenance:
 *   npm run maintenance -- on [--blocking] [--name "..."] [--url https://...]
 *   npm run maintenance -- off
 * Run it against the same DATA_DIR or DATABASE_URL as the server; every process sees it at once.
 */
async function main(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== 'on' && action !== 'off') {
    console.error('Usage: npm run maintenance -- on [--blocking] [--name TEXT] [--url URL] | off');
    process.exit(2);
  }
  const option = (name: string) => {
    const index = rest.indexOf(`--${name}`);
    return index >= 0 ? rest[index + 1] : undefined;
  };
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  try {
    await setMaintenance(
      { db: database.db, clock: systemClock, publicUrl: config.publicUrl },
      {
        active: action === 'on',
        blocking: rest.includes('--blocking'),
        name: option('name'),
        url: option('url'),
      },
    );
    console.warn(
      action === 'on'
        ? `Maintenance started${rest.includes('--blocking') ? ' (blocking)' : ''}.`
        : 'Maintenance ended.',
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
