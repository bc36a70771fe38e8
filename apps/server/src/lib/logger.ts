/**
 * The server's logger options (pino, through Fastify). Logging stays on in every configuration and
 * costs little per request:
 * - one line per request, written when it completes ({@link OneLineRequestLog}) instead of
 *   Fastify's "incoming request" + "request completed" pair;
 * - JSON lines to stdout through an asynchronous pino destination: lines logged while a write is
 *   in flight go out together in the next one, so a busy server makes a few large writes instead
 *   of one blocking `write(2)` per line; pino flushes what is left when the process exits;
 * - pino-pretty only when a person reads the output (stdout is a terminal) outside production.
 *   It formats in a worker thread: comfortable to read, but a second thread formatting every line.
 *   Piped or redirected output (a file, a container's log driver, systemd) stays JSON.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/**
 * Fastify's request log lines, one per request: `request` at info when it completes — method, URL,
 * status code and duration (`ms`), with the request id (`reqId`) every line of the request carries
 * — or `request errored` at error with the error. Nothing when it arrives.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: req.method,
      url: req.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export interface LoggerConfig {
  LOG_LEVEL: string;
  isProduction: boolean;
}

/** Fastify `logger` options: pino options plus, for JSON output, the destination stream. */
export type ServerLoggerOptions = LoggerOptions & { stream?: DestinationStream };

/**
 * Logger options for `buildApp` (main.ts).
 * @param out the stream whose `isTTY` decides between pretty and JSON output (default stdout)
 */
export function serverLoggerOptions(
  config: LoggerConfig,
  out: { isTTY?: boolean } = process.stdout,
): ServerLoggerOptions {
  const level = config.LOG_LEVEL;
  if (!config.isProduction && out.isTTY) {
    return { level, transport: { target: 'pino-pretty', options: { singleLine: true } } };
  }
  return { level, stream: pino.destination({ dest: 1, sync: false }) };
}
