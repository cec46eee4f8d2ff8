// JSON logs (pino), one logger per process.
import pino, { type Logger } from 'pino';

let log: Logger | undefined;

export function logger(): Logger {
  return (log ??= pino({ level: process.env.LOG_LEVEL || 'info', base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }));
}
