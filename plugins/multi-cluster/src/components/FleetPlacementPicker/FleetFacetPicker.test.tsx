import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { mockApis, registerMswTestHooks } from '@backstage/test-utils';
import { MultiClusterClient, multiClusterApiRef } from '../../api';
import { runOnFakeClock, setupUser } from '../../__testUtils__/fakeClock';
import {
  renderWithBackend,
  TEST_BASE_URL as baseUrl,
} from '../../__testUtils__/renderWithBackend';
import { pickerOptions } from './__fixtures__';
import { FleetFacetPicker } from './FleetFacetPicker';
import { validateFleetFacet, validatePlacementTarget } from './validation';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);

beforeEach(() =>
  server.use(
    http.get(`${baseUrl}/placement/options`, () =>
      HttpResponse.json(pickerOptions),
    ),
  ),
);

function fieldProps(
  type: 'string' | 'array',
  facet: string,
  formData: unknown,
) {
  const onChange = jest.fn();
  const props = {
    formData,
    onChange,
    schema: { type, title: 'Pick' },
    uiSchema: { 'ui:options': { facet } },
    idSchema: { $id: 'root_pick' },
    rawErrors: [],
    required: false,
  } as any;
  return { props, onChange };
}

describe('FleetFacetPicker', () => {
  it('offers the fleet’s user regions as checkboxes and adds the one ticked', async () => {
    const user = setupUser();
    const { props, onChange } = fieldProps('array', 'userRegions', ['us-east']);
    await renderWithBackend(<FleetFacetPicker {...props} />);
    await user.click(await screen.findByLabelText('eu-west'));
    expect(onChange).toHaveBeenCalledWith(['us-east', 'eu-west']);
    expect(screen.getByLabelText('us-east')).toBeChecked();
  });

  it('offers one environment of the fleet', async () => {
    const user = setupUser();
    const { props, onChange } = fieldProps('string', 'environments', 'prod');
    await renderWithBackend(<FleetFacetPicker {...props} />);
    await screen.findByText('prod');
    await user.click(screen.getByLabelText(/Pick/));
    const menu = within(screen.getByRole('listbox'));
    expect(menu.getAllByRole('option').map(o => o.textContent)).toEqual([
      '(any)',
      'prod',
      'staging',
    ]);
    await user.click(menu.getByText('staging'));
    expect(onChange).toHaveBeenCalledWith('staging');
  });
});

describe('validation', () => {
  const apiHolder = {
    get: (ref: unknown) =>
      ref === multiClusterApiRef
        ? new MultiClusterClient({
            discoveryApi: mockApis.discovery({
              baseUrl: 'http://backstage.test',
            }),
            fetchApi: { fetch: (input, init) => fetch(input, init) },
          })
        : undefined,
  } as any;
  const errors = async (validate: Function, value: unknown, facet?: string) => {
    const found: string[] = [];
    await validate(
      value,
      { addError: (e: string) => found.push(e) },
      {
        apiHolder,
        formData: {},
        schema: {},
        uiSchema: { 'ui:options': { facet } },
      },
    );
    return found;
  };

  it.each([
    ['auto', []],
    ['region:eu-west', []],
    ['cluster:us-1', []],
    ['region:mars', ["region 'mars' is not on the fleet"]],
    ['cluster:eu-9', ["cluster 'eu-9' is not on the fleet"]],
    ['eu-west', ['must be auto, region:<name> or cluster:<name>']],
  ])('checks the target %s against the fleet', async (value, expected) => {
    expect(await errors(validatePlacementTarget, value)).toEqual(expected);
  });

  it.each([
    [['eu', 'us'], 'jurisdictions', []],
    [['eu', 'mars'], 'jurisdictions', ['not on the fleet: mars']],
    ['dev', 'environments', ['not on the fleet: dev']],
    [['eu'], 'planets', ['ui:options.facet names no list of the fleet']],
  ])('checks %j of %s against the fleet', async (value, facet, expected) => {
    expect(await errors(validateFleetFacet, value, facet)).toEqual(expected);
  });
});
