import { LoggerService } from '@backstage/backend-plugin-api';

/** A logger that drops everything (benchmarks). */
export function getVoidLogger(): LoggerService {
  const logger: LoggerService = {
    error: () => {},
    warn: () => {},
    info: () => {},
    debug: () => {},
    child: () => logger,
  };
  return logger;
}
