import { eventually, PermanentError } from './eventually';

describe('eventually', () => {
  it('retries a failing check until it returns', async () => {
    let calls = 0;
    await expect(
      eventually(
        () => {
          calls += 1;
          expect(calls).toBe(3);
          return 'done';
        },
        10_000,
        1,
      ),
    ).resolves.toBe('done');
  });

  it('throws the last failure after the deadline, a PermanentError at once', async () => {
    await expect(
      eventually(() => Promise.reject(new Error('never')), 20, 1),
    ).rejects.toThrow('never');
    let calls = 0;
    await expect(
      eventually(() => {
        calls += 1;
        throw new PermanentError('final');
      }, 10_000),
    ).rejects.toThrow('final');
    expect(calls).toBe(1);
  });
});
