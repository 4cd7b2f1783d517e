import { createExtensionTester } from '@backstage/frontend-test-utils';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';
import plugin from './alpha';

describe('the new frontend system plugin', () => {
  it.each([
    ['fleet-placement-picker', 'FleetPlacementPicker'],
    ['fleet-facet-picker', 'FleetFacetPicker'],
  ] as const)(
    'offers the %s field to the scaffolder’s form, named %s for templates',
    async (extension, fieldName) => {
      const field = plugin.getExtension(
        `scaffolder-form-field:multi-cluster/${extension}`,
      );
      // Installing the plugin is enough: it attaches to the scaffolder's own
      // input (the definition's attachment is not in its public type).
      expect((field as unknown as { attachTo: unknown }).attachTo).toEqual({
        id: 'api:scaffolder/form-fields',
        input: 'formFields',
      });
      const load = createExtensionTester(field).get(
        FormFieldBlueprint.dataRefs.formFieldLoader,
      );
      expect(await load()).toMatchObject({ name: fieldName });
    },
  );
});
