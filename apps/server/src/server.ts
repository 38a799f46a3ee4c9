import { buildApp } from './app';
import { prepareData, startDemoPlatform } from './bootstrap';
import { toConfig } from './config/config';
import { readEnv } from './config/env';
import { openDatabase } from './db/database';

const config = toConfig(readEnv());
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database });
await prepareData(config, database, app.log);
const simulator = startDemoPlatform(config, database, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let in-flight ones finish, then release the database.
  await simulator?.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `${config.productName} back-office on http://${config.host}:${config.port} (${database.kind}${config.demoMode ? ', demo mode' : ''})`,
);
