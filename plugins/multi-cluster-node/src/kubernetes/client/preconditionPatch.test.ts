import { ConflictError, NotFoundError } from '@backstage/errors';
import { KubernetesRequestError } from './errors';
import { patchWithPrecondition } from './preconditionPatch';

const conflict = () =>
  new KubernetesRequestError('mgmt: patch x: the object has been modified', {
    statusCode: 409,
  });

/** An object whose version moves on each read, and a write that fails `failures` times. */
function store(failures: (() => Error)[]) {
  let version = 0;
  const written: (string | undefined)[] = [];
  return {
    written,
    read: async () => ({ metadata: { resourceVersion: String(++version) } }),
    write: async (_current: unknown, resourceVersion: string | undefined) => {
      written.push(resourceVersion);
      const failure = failures.shift();
      if (failure) throw failure();
      return { resourceVersion };
    },
  };
}

describe('patchWithPrecondition', () => {
  it('writes at the version it read and re-reads after each 409', async () => {
    const s = store([conflict, conflict]);
    const logger = { info: jest.fn() };
    const { written, attempts } = await patchWithPrecondition({
      what: 'clusters ns/a',
      conflictRetries: 3,
      logger,
      ...s,
    });
    expect(s.written).toEqual(['1', '2', '3']);
    expect(written).toEqual({ resourceVersion: '3' });
    expect(attempts).toBe(3);
    expect(logger.info).toHaveBeenCalledWith(
      'Conflict patching clusters ns/a (attempt 1/4), re-reading',
    );
  });

  it('gives up after conflictRetries re-reads without overwriting', async () => {
    const s = store([conflict, conflict, conflict]);
    const patch = patchWithPrecondition({
      what: 'clusters ns/a',
      conflictRetries: 2,
      ...s,
    });
    await expect(patch).rejects.toThrow(ConflictError);
    await expect(patch).rejects.toThrow(
      'clusters ns/a was modified concurrently 3 times; giving up without overwriting: mgmt: patch x: the object has been modified',
    );
    expect(s.written).toHaveLength(3);
  });

  it('passes other failures on, and a 404 on read as NotFoundError when asked', async () => {
    const forbidden = new KubernetesRequestError('forbidden', {
      statusCode: 403,
    });
    await expect(
      patchWithPrecondition({
        what: 'x',
        conflictRetries: 3,
        ...store([() => forbidden]),
      }),
    ).rejects.toBe(forbidden);
    const missing = new KubernetesRequestError('gone', { statusCode: 404 });
    const read = async () => {
      throw missing;
    };
    await expect(
      patchWithPrecondition({
        what: 'x',
        conflictRetries: 3,
        read,
        write: async () => undefined,
        notFoundMessage: 'x not found on mgmt',
      }),
    ).rejects.toThrow(new NotFoundError('x not found on mgmt'));
    await expect(
      patchWithPrecondition({
        what: 'x',
        conflictRetries: 3,
        read,
        write: async () => undefined,
      }),
    ).rejects.toBe(missing);
  });
});
