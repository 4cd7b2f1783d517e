import { ResourceTotal } from './resources';

describe('ResourceTotal', () => {
  it('adds exactly across suffixes and keeps binary memory binary', () => {
    const total = new ResourceTotal()
      .add({ pods: '110', cpu: '500m', memory: '64Gi' }, 'cluster eu-1')
      .add(undefined, 'cluster us-1')
      .add({ cpu: '1.5', memory: '64Gi', 'nvidia.com/gpu': '8' }, 'node');
    expect(total.toResourceList()).toEqual({
      cpu: '2',
      memory: '128Gi',
      'nvidia.com/gpu': '8',
      pods: '110',
    });
    expect(Object.keys(total.toResourceList())).toEqual([
      'cpu',
      'memory',
      'nvidia.com/gpu',
      'pods',
    ]);
    expect(total.errors).toEqual([]);
  });

  it('leaves invalid quantities out and explains them', () => {
    const total = new ResourceTotal()
      .add({ cpu: '4', memory: '8Gi' }, 'cluster eu-1')
      .add({ cpu: 'four', memory: '1Gi' }, 'virtual node liqo-eu-2');
    expect(total.toResourceList()).toEqual({ cpu: '4', memory: '9Gi' });
    expect(total.errors).toEqual([
      expect.stringMatching(
        /^virtual node liqo-eu-2: cpu="four" is not a quantity \(quantities must match .*\); left out of the total$/,
      ),
    ]);
  });

  it('leaves out keys that are not resource names', () => {
    const reported = JSON.parse(
      '{"cpu":"2","__proto__":"1","constructor":"1"}',
    ) as Record<string, string>;
    const total = new ResourceTotal().add(reported, 'node n1');
    expect(total.toResourceList()).toEqual({ cpu: '2' });
    expect(total.errors).toEqual([
      expect.stringMatching(
        /^node n1: "__proto__" is not a resource name \('__proto__' is reserved.*\); left out of the total$/,
      ),
      expect.stringMatching(/^node n1: "constructor" is not a resource name/),
    ]);
  });

  it('is empty when nothing was added', () => {
    expect(new ResourceTotal().toResourceList()).toEqual({});
  });
});
