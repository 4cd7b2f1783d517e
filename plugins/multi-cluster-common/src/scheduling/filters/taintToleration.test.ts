import { taintTolerationFilter } from './taintToleration';
import { filterContext } from './__testUtils__/testContext';

describe('taintTolerationFilter', () => {
  const down = {
    name: 'down',
    taints: [
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const },
    ],
  };

  it("rejects an untolerated NoExecute taint with Karmada's reason", () => {
    expect(taintTolerationFilter(down, filterContext())).toEqual({
      plugin: 'TaintToleration',
      karmadaReason:
        'cluster(s) had untolerated taint {node.kubernetes.io/unreachable:NoExecute}',
      explanation: 'untolerated taint node.kubernetes.io/unreachable:NoExecute',
    });
  });

  it('passes tolerated taints and clusters without taints', () => {
    expect(
      taintTolerationFilter(
        down,
        filterContext({
          tolerations: [
            { key: 'node.kubernetes.io/unreachable', operator: 'Exists' },
          ],
        }),
      ),
    ).toBeUndefined();
    expect(
      taintTolerationFilter({ name: 'clean' }, filterContext()),
    ).toBeUndefined();
  });

  it('skips clusters already in the previous result', () => {
    expect(
      taintTolerationFilter(
        down,
        filterContext({ previousNames: new Set(['down']) }),
      ),
    ).toBeUndefined();
  });
});
