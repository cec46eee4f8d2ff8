// JSON logs (pino), one logger per process.
import pino, { type Logger } from 'pino';
import { globalSingleton } from '../runtime/global-singleton';

export function logger(): Logger {
  return globalSingleton('logger', () =>
    pino({ level: process.env.LOG_LEVEL || 'info', base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }),
  );
}
