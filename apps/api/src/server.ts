import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { sandboxAccessNotice } from './sandbox-access-secret.ts';

/** Starts Signet: listen, and shut down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(forced);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Signet is running at ${config.publicUrl}`);
  // A plain line for the operator at the console, outside the structured log (no secret when configured).
  const sandboxNotice = sandboxAccessNotice(config);
  if (sandboxNotice) process.stdout.write(`${sandboxNotice}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
