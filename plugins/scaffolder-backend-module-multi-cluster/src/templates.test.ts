/**
 * Checks the Software Templates in examples/templates against the actions:
 * every step uses a known action, every input field of our actions exists in
 * the action's input schema, nothing is published unless a repository is
 * given, the placement recommendation only runs when chosen, and the lists
 * of the fleet come from the fleet.
 */
import fs from 'fs';
import { mockServices } from '@backstage/backend-test-utils';
import path from 'path';
import { parse } from 'yaml';
import * as actions from './actions';

const TEMPLATES_DIR = path.resolve(__dirname, '../../../examples/templates');

const ourActions = [
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
const byId = new Map(ourActions.map(a => [a.id, a]));
/** Actions the templates use that other packages provide. */
const otherActions = new Set(['publish:github']);

/**
 * Form fields naming what the live fleet has. A new cluster's labels
 * (capi-cluster) may name a region or environment the fleet has not got
 * yet, so only the fields of templates placing on existing clusters count.
 */
const FLEET_LIST_FIELDS = new Set([
  'environment',
  'environments',
  'jurisdictions',
  'userRegions',
]);

/** Every property of the form, with its name, branches included. */
function formProperties(schema: any): [string, any][] {
  const own = Object.entries(schema?.properties ?? {}) as [string, any][];
  const branches = Object.values(schema?.dependencies ?? {}).flatMap((d: any) =>
    (d.oneOf ?? []).flatMap(formProperties),
  );
  return [...own, ...branches];
}

const isTemplateString = (value: unknown) =>
  typeof value === 'string' && value.includes('${{');

/** Field paths of `input` that the JSON schema does not declare. */
function unknownFields(input: unknown, schema: any, at = ''): string[] {
  if (
    !schema ||
    typeof input !== 'object' ||
    input === null ||
    isTemplateString(input)
  ) {
    return [];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const results = alternatives.map((s: any) => unknownFields(input, s, at));
    return results.find((r: string[]) => r.length === 0) ?? results[0];
  }
  if (Array.isArray(input)) {
    return input.flatMap((item, i) =>
      unknownFields(item, schema.items, `${at}[${i}]`),
    );
  }
  if (!schema.properties) return [];
  return Object.entries(input).flatMap(([key, value]) =>
    key in schema.properties
      ? unknownFields(value, schema.properties[key], `${at}.${key}`)
      : [`${at}.${key}`],
  );
}

describe('examples/templates', () => {
  const location = parse(
    fs.readFileSync(path.join(TEMPLATES_DIR, 'all.yaml'), 'utf8'),
  );
  const templates = (location.spec.targets as string[]).map(target => ({
    target,
    template: parse(fs.readFileSync(path.join(TEMPLATES_DIR, target), 'utf8')),
  }));

  it('detects input fields an action does not declare', () => {
    const schema = byId.get('multicluster:capi:cluster')!.schema?.input;
    expect(
      unknownFields(
        { name: 'x', controlPlane: { replicas: 1, bogus: 1 }, typo: 1 },
        schema,
      ),
    ).toEqual(['.controlPlane.bogus', '.typo']);
  });

  it('lists the three templates in a Location', () => {
    expect(location.kind).toBe('Location');
    expect(templates.map(t => t.template.metadata.title)).toEqual([
      'New Kubernetes cluster (Cluster API)',
      'New multi-cluster service (Karmada)',
      'Fleet-wide add-on (ApplicationSet or Fleet)',
    ]);
  });

  describe.each(templates.map(t => [t.target, t.template]))(
    '%s',
    (_target, template: any) => {
      it('is a v1beta3 Template with parameters, steps and output', () => {
        expect(template.apiVersion).toBe('scaffolder.backstage.io/v1beta3');
        expect(template.kind).toBe('Template');
        expect(template.spec.owner).toBeTruthy();
        expect(template.spec.parameters.length).toBeGreaterThan(0);
        expect(template.spec.output.text.length).toBeGreaterThan(0);
        expect(template.spec.output.links.length).toBeGreaterThan(0);
        expect(JSON.stringify(template)).not.toContain('fetch:plain');
      });

      it('uses known actions with inputs their schemas declare', () => {
        for (const step of template.spec.steps) {
          expect(byId.has(step.action) || otherActions.has(step.action)).toBe(
            true,
          );
          const action = byId.get(step.action);
          if (!action) continue;
          expect({
            step: step.id,
            unknown: unknownFields(step.input, action.schema?.input),
          }).toEqual({
            step: step.id,
            unknown: [],
          });
        }
        expect(template.spec.steps.some((s: any) => byId.has(s.action))).toBe(
          true,
        );
      });

      it('publishes only when a repository is given', () => {
        const publish = template.spec.steps.filter((s: any) =>
          s.action.startsWith('publish:'),
        );
        expect(publish).toHaveLength(1);
        expect(publish[0].if).toBe('${{ parameters.repoUrl }}');
        expect(
          template.spec.parameters.flatMap((p: any) => p.required ?? []),
        ).not.toContain('repoUrl');
      });

      it('asks the fleet for its lists instead of writing them here', () => {
        if (template.metadata.name === 'new-kubernetes-cluster-capi') return;
        const fields = []
          .concat(template.spec.parameters)
          .flatMap(formProperties);
        for (const [name, property] of fields) {
          if (!FLEET_LIST_FIELDS.has(name)) continue;
          expect({ name, field: property['ui:field'] }).toEqual({
            name,
            field: 'FleetFacetPicker',
          });
          expect(JSON.stringify(property)).not.toContain('"enum"');
        }
      });

      it('runs the placement recommendation only when it was chosen', () => {
        for (const step of template.spec.steps.filter(
          (s: any) => s.action === 'multicluster:placement:recommend',
        )) {
          expect(step.if).toBe(
            "${{ parameters.placementMode === 'recommend' }}",
          );
        }
      });
    },
  );

  it('feeds the placement picker to the recommendation, and its placement to the policy', () => {
    const { template } = templates.find(t =>
      t.target.includes('/karmada-service/'),
    )!;
    const target = []
      .concat(template.spec.parameters)
      .flatMap(formProperties)
      .find(([name]) => name === 'target')![1];
    expect(target).toMatchObject({
      default: 'auto',
      'ui:field': 'FleetPlacementPicker',
    });
    const step = (id: string) =>
      template.spec.steps.find((s: any) => s.id === id);
    expect(step('recommend').input.target).toBe('${{ parameters.target }}');
    expect(step('policy').input.placement).toBe(
      "${{ steps['recommend'].output.placement if parameters.placementMode === 'recommend' else parameters.placement }}",
    );
  });
});
