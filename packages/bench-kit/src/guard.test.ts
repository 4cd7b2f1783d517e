import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { printTable, requireMeasured, NotMeasuredError } from '.';

describe('bench guard', () => {
  it('refuses a measurement that did not happen', () => {
    expect(() => requireMeasured(0, 'no cluster answered')).toThrow(
      new NotMeasuredError('no cluster answered'),
    );
    expect(() => printTable(['clusters'], [])).toThrow(NotMeasuredError);
  });

  it('ends a bench that measured nothing with exit code 1 and the reason', () => {
    const script = `
      const { runBench, requireMeasured } = require(${JSON.stringify(
        path.join(__dirname, 'index.ts'),
      )});
      runBench('demo', async () => requireMeasured(false, '0 of 3 clusters answered'));
    `;
    const run = spawnSync(
      process.execPath,
      ['--require', '@backstage/cli/config/nodeTransform.cjs', '-e', script],
      { encoding: 'utf8', cwd: __dirname },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'bench demo failed: measured nothing: 0 of 3 clusters answered',
    );
  });
});
