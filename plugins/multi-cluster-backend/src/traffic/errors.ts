/**
 * A traffic provider's failure that says whether trying again can help: a
 * record or setting it cannot use will not change by itself (not
 * retryable), an unreachable API or a 5xx may (retryable). Any other error
 * a provider throws counts as retryable.
 */
export class TrafficProviderError extends Error {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable?: boolean } = {}) {
    super(message);
    this.name = 'TrafficProviderError';
    this.retryable = options.retryable ?? false;
  }
}
