/**
 * The input JSON Schema each action publishes is what the Scaffolder checks
 * a step's input against before the handler runs: it must have no `$ref`
 * (the Scaffolder's validator cannot resolve them), accept every example,
 * and let through what templates render for blank fields.
 */
import { mockServices } from '@backstage/backend-test-utils';
import { validate } from 'jsonschema';
import yaml from 'yaml';
import * as actions from '.';

const all = [
  actions.createCapiClusterAction(),
  actions.createKarmadaPolicyAction(),
  actions.createArgoCdApplicationSetAction(),
  actions.createFleetGitRepoAction(),
  actions.createMcsExportAction(),
  actions.createKubefedConvertAction(),
  actions.createPlacementRecommendAction({
    auth: mockServices.auth(),
    discovery: mockServices.discovery(),
  }),
];
const byId = new Map(all.map(action => [action.id, action]));

function problems(actionId: string, input: unknown): string[] {
  const schema = byId.get(actionId)!.schema!.input!;
  return validate(input, schema).errors.map(e => e.stack);
}

describe.each(all.map(action => [action.id, action]))('%s', (_id, action) => {
  it('publishes an input schema without $ref', () => {
    expect(action.schema?.input).toBeDefined();
    expect(JSON.stringify(action.schema?.input)).not.toContain('"$ref"');
  });

  it('publishes an input schema every example passes', () => {
    const steps = (action.examples ?? []).flatMap(
      example => yaml.parse(example.example).steps,
    );
    expect(steps.some(step => step.action === action.id)).toBe(true);
    for (const step of steps.filter(s => byId.has(s.action))) {
      expect({
        step: step.id,
        problems: problems(step.action, step.input),
      }).toEqual({ step: step.id, problems: [] });
    }
  });
});

describe('published input schemas', () => {
  const cluster = {
    name: 'prod-eu-west-aws-2',
    provider: 'aws',
    kubernetesVersion: 'v1.31.2',
    region: 'eu-west-1',
    controlPlane: { replicas: 3 },
    workers: [{ name: 'general', replicas: 3 }],
  };

  it('let through what a template renders for blank fields', () => {
    expect(
      problems('multicluster:capi:cluster', {
        ...cluster,
        region: '',
        gcp: {},
        controlPlane: { replicas: 3, machineType: '' },
        audit: { maxAge: '' },
        topology: { classRef: '' },
      }),
    ).toEqual([]);
  });

  it('leave value rules to the handler, whose messages name the problem', () => {
    expect(
      problems('multicluster:capi:cluster', {
        ...cluster,
        name: 'Not A Label',
        controlPlane: { replicas: 2 },
        kubernetesVersion: '1.31',
        podCidrs: ['10.0.0.0/8', '10.1.0.0/16', '10.2.0.0/16'],
      }),
    ).toEqual([]);
  });

  it('still reject unknown fields, wrong types and missing required fields', () => {
    const { workers, ...withoutWorkers } = cluster;
    expect(workers).toHaveLength(1);
    expect(
      problems('multicluster:capi:cluster', {
        ...withoutWorkers,
        provider: 'openstack',
        typo: 1,
        controlPlane: { replicas: 'three' },
      }),
    ).toEqual([
      'instance.provider is not one of enum values: aws,gcp,azure,docker',
      'instance.controlPlane.replicas is not of a type(s) integer',
      'instance requires property "workers"',
      'instance is not allowed to have the additional property "typo"',
    ]);
  });
});
