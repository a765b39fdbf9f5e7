// A log that tests read back: what the app tells an operator.
import { pino, type Logger } from 'pino';

export interface TLogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger whose lines (warn and above) are kept, parsed, in `lines`. */
export function capturingLog(): { log: Logger; lines: TLogLine[] } {
  const lines: TLogLine[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as TLogLine) });
  return { log, lines };
}
