/**
 * One in-flight read shared by the callers that ask for the same thing at
 * the same moment. A service's tab asks for its placement, its DR posture
 * and its exposure at once, and each of those reads the same Karmada
 * objects and the same member workloads: one read answers all three.
 * Nothing is kept once the read settles, so a later caller reads afresh.
 * Only for reads made with the same credentials: the key must name them.
 */
export class SharedReads<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  read(key: string, read: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const started = Promise.resolve()
      .then(read)
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
