// Sends a job from a process that may not work queues (role app): the process's own job system
// when it has one (server.ts, roles all and worker), else one send-only pg-boss opened once.
import PgBoss from 'pg-boss';
import { database } from '../db/database';
import { getGlobalSingleton, globalSingleton } from '../core/global-singleton';
import { sendAndWake } from './wake-worker';

async function openSender(): Promise<PgBoss> {
  const handle = await database();
  const boss = new PgBoss({ db: { executeSql: (text, values) => handle.executeSql(text, values) }, supervise: false, schedule: false, migrate: false });
  boss.on('error', () => {});
  await boss.start();
  return boss;
}

export async function sendJob(queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  // server.ts's job system where it runs one, else a sender of this process (in the registry: a test closes it).
  const boss = getGlobalSingleton<PgBoss>('jobSystem') ?? (await globalSingleton('jobSender', openSender));
  return sendAndWake(boss, queue, data, options);
}
