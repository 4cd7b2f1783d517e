import {
  boundProblems,
  MAX_CLUSTER_PROBLEMS,
  MAX_PROBLEM_LENGTH,
  readResourceSummary,
} from './findings';

describe('readResourceSummary', () => {
  it('keeps a valid summary as it is, without problems', () => {
    const summary = {
      allocatable: { cpu: '48', memory: '192Gi', pods: '330' },
      allocated: { cpu: '12', memory: '40Gi', pods: '80' },
      allocating: { cpu: '1' },
    };
    expect(readResourceSummary(summary)).toEqual({ ...summary, problems: [] });
  });

  it('keeps the valid entries and names every refused one by field', () => {
    const allocatable = JSON.parse(
      '{"cpu":"abc","memory":"1e999999999","pods":"110","__proto__":"7","nvidia.com/gpu":4}',
    );
    const reading = readResourceSummary({ allocatable });
    expect(reading.allocatable).toEqual({ pods: '110', 'nvidia.com/gpu': '4' });
    expect(Object.getPrototypeOf(reading.allocatable)).toBe(Object.prototype);
    expect(reading.problems).toEqual([
      expect.stringMatching(
        /^resourceSummary\.allocatable: cpu 'abc' is not a quantity: /,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocatable: memory '1e999999999' is not a quantity: /,
      ),
      expect.stringMatching(
        /^resourceSummary\.allocatable: "__proto__" is not a resource name: /,
      ),
    ]);
  });

  it('counts a resource whose usage is refused as unavailable, not as free', () => {
    const reading = readResourceSummary({
      allocatable: { cpu: '48', memory: '192Gi', pods: '330' },
      allocated: { cpu: 'NaN', pods: '80' },
      allocating: { memory: '0x10' },
    });
    // Dropping only the usage entry would show 48 free CPUs.
    expect(reading.allocatable).toEqual({ pods: '330' });
    expect(reading.allocated).toEqual({ pods: '80' });
    expect(reading.allocating).toEqual({});
    expect(reading.problems).toEqual([
      expect.stringMatching(/^resourceSummary\.allocated: cpu 'NaN'/),
      expect.stringMatching(/^resourceSummary\.allocating: memory '0x10'/),
    ]);
  });

  it('leaves nothing available when a usage list is not a map', () => {
    const reading = readResourceSummary({
      allocatable: { cpu: '48', pods: '330' },
      allocated: 'lots',
    });
    expect(reading.allocatable).toEqual({});
    expect(reading.problems).toEqual([
      'resourceSummary.allocated: must be a map of resource names to quantities',
    ]);
  });

  it('refuses a summary that is not an object', () => {
    expect(readResourceSummary(undefined)).toEqual({ problems: [] });
    expect(readResourceSummary(42)).toEqual({
      problems: ['resourceSummary: must be an object, got number'],
    });
  });
});

describe('boundProblems', () => {
  it('escapes control characters and cuts long lines', () => {
    const [line, long] = boundProblems([
      'node a\r\nlevel=error msg=forged\0',
      'x'.repeat(10_000),
    ]);
    expect(line).toBe('node a\\r\\nlevel=error msg=forged\\0');
    expect(long.length).toBeLessThanOrEqual(MAX_PROBLEM_LENGTH);
    expect(long).toMatch(/…\[\+\d+ chars\]$/);
  });

  it('keeps at most the maximum, the last line counting the rest', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `problem ${i}`);
    const bounded = boundProblems(lines);
    expect(bounded).toHaveLength(MAX_CLUSTER_PROBLEMS);
    expect(bounded[MAX_CLUSTER_PROBLEMS - 2]).toBe(
      `problem ${MAX_CLUSTER_PROBLEMS - 2}`,
    );
    expect(bounded[MAX_CLUSTER_PROBLEMS - 1]).toBe(
      `... and ${1000 - MAX_CLUSTER_PROBLEMS + 1} more problems`,
    );
    expect(boundProblems(lines.slice(0, MAX_CLUSTER_PROBLEMS))).toEqual(
      lines.slice(0, MAX_CLUSTER_PROBLEMS),
    );
  });
});
