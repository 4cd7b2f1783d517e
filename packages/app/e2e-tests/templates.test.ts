import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';

// Runs Flotilla's Software Templates through the running scaffolder's dry run
// (real nunjucks rendering, real actions, placement advice from the backend),
// with the values the form would submit: its defaults plus the user's choices.
const templatesDir = path.resolve(__dirname, '../../../examples/templates');
const backend = 'http://localhost:7007';

type Schema = {
  properties?: Record<string, { default?: unknown; const?: unknown }>;
  dependencies?: Record<string, { oneOf?: Schema[] }>;
};

function formValues(template: any, choices: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  const collect = (schema: Schema) => {
    for (const [key, property] of Object.entries(schema.properties ?? {})) {
      if (property.default !== undefined && !(key in values)) {
        values[key] = property.default;
      }
    }
  };
  for (const page of [].concat(template.spec.parameters) as Schema[]) {
    collect(page);
    for (const dependency of Object.values(page.dependencies ?? {})) {
      for (const branch of dependency.oneOf ?? []) {
        const selected = Object.entries(branch.properties ?? {}).every(
          ([key, property]) =>
            property.const === undefined ||
            property.const === ({ ...values, ...choices } as any)[key],
        );
        if (selected) collect(branch);
      }
    }
  }
  return { ...values, ...choices };
}

const cases: [string, Record<string, unknown>, RegExp][] = [
  [
    'capi-cluster',
    { name: 'edge-eu-1', provider: 'aws', region: 'eu-west-1' },
    /awscluster-edge-eu-1\.yaml/,
  ],
  [
    'capi-cluster',
    {
      name: 'edge-gcp-1',
      provider: 'gcp',
      region: 'europe-west4',
      gcpProject: 'acme-prod',
    },
    /gcpcluster-edge-gcp-1\.yaml/,
  ],
  [
    'capi-cluster',
    {
      name: 'edge-tc-1',
      provider: 'docker',
      useClusterClass: true,
      clusterClass: 'quick-start',
    },
    /cluster-edge-tc-1\.yaml/,
  ],
  [
    'karmada-service',
    {
      name: 'checkout',
      kind: 'Deployment',
      replicas: 6,
      placementMode: 'manual',
    },
    /propagationpolicy-checkout\.yaml/,
  ],
  [
    'karmada-service',
    {
      name: 'checkout',
      kind: 'Deployment',
      replicas: 6,
      placementMode: 'recommend',
    },
    /propagationpolicy-checkout\.yaml/,
  ],
  [
    'karmada-service',
    {
      name: 'checkout',
      kind: 'Deployment',
      replicas: 4,
      placementMode: 'recommend',
      target: 'region:eu-west',
    },
    /propagationpolicy-checkout\.yaml/,
  ],
  [
    'karmada-service',
    {
      name: 'ledger',
      kind: 'Deployment',
      replicas: 4,
      placementMode: 'active-passive',
      primary: 'resource:default/prod-eu-west-aws-1',
      standby: 'resource:default/prod-us-east-aws-1',
    },
    /overridepolicy-ledger-active-passive\.yaml/,
  ],
  [
    'fleet-addon',
    { name: 'kyverno-policies', delivery: 'argocd' },
    /applicationset-kyverno-policies\.yaml/,
  ],
  [
    'fleet-addon',
    { name: 'kyverno-policies', delivery: 'fleet' },
    /fleet\.yaml/,
  ],
];

for (const [folder, choices, expectedFile] of cases) {
  test(`@guest dry-runs ${folder} with ${JSON.stringify(choices)}`, async ({
    request,
  }) => {
    const template = parse(
      fs.readFileSync(path.join(templatesDir, folder, 'template.yaml'), 'utf8'),
    );
    const identity = await (
      await request.get(`${backend}/api/auth/guest/refresh`)
    ).json();
    const response = await request.post(
      `${backend}/api/scaffolder/v2/dry-run`,
      {
        headers: {
          Authorization: `Bearer ${identity.backstageIdentity.token}`,
        },
        data: {
          template,
          values: formValues(template, choices),
          secrets: {},
          directoryContents: [],
        },
      },
    );
    const body = await response.json();
    expect(
      response.status(),
      JSON.stringify(body.error ?? body.errors ?? ''),
    ).toBe(200);
    const files = (body.directoryContents as { path: string }[]).map(
      f => f.path,
    );
    expect(files.join(' ')).toMatch(expectedFile);
  });
}
