import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { registerMswTestHooks } from '@backstage/test-utils';
import {
  advanceClock,
  runOnFakeClock,
  settleUntil,
  setupUser,
} from '../../__testUtils__/fakeClock';
import {
  renderWithBackend,
  TEST_BASE_URL as baseUrl,
} from '../../__testUtils__/renderWithBackend';
import { pickerAdvice, pickerOptions } from './__fixtures__';
import { FleetPlacementPicker } from './FleetPlacementPicker';

runOnFakeClock();

const server = setupServer();
registerMswTestHooks(server);

/** The props the Scaffolder's form gives a field, with the form's other values. */
function fieldProps(formData: string | undefined, siblings: object) {
  const onChange = jest.fn();
  const props = {
    formData,
    onChange,
    schema: { type: 'string', title: 'Where it runs' },
    uiSchema: {
      'ui:options': { requirements: { resourceRequest: { cpu: '500m' } } },
    },
    formContext: { formData: siblings },
    idSchema: { $id: 'root_target' },
    rawErrors: [],
    required: true,
  } as any;
  return { props, onChange };
}

describe('FleetPlacementPicker', () => {
  let posted: unknown[];
  beforeEach(() => {
    posted = [];
    server.use(
      http.get(`${baseUrl}/placement/options`, () =>
        HttpResponse.json(pickerOptions),
      ),
      http.post(`${baseUrl}/placement/recommend`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(pickerAdvice);
      }),
    );
  });

  it('shows next to auto the clusters it would pick, asked with the form’s requirements', async () => {
    const { props } = fieldProps(undefined, {
      replicas: 3,
      jurisdictions: ['eu'],
      userRegions: ['eu-west'],
      environment: 'prod',
    });
    await renderWithBackend(<FleetPlacementPicker {...props} />);
    const picks = await screen.findAllByTestId('auto-pick');
    expect(picks.map(p => p.textContent)).toEqual(['eu-1 × 2', 'eu-2 × 1']);
    expect(screen.getByTestId('placement-advice')).toHaveTextContent(
      'Excluded: us-1 (jurisdiction us is not allowed (allowed: eu))',
    );
    expect(posted).toEqual([
      {
        replicas: 3,
        resourceRequest: { cpu: '500m' },
        allowedJurisdictions: ['eu'],
        userRegions: ['eu-west'],
        requiredLabels: { 'flotilla.io/environment': 'prod' },
      },
    ]);
  });

  it('offers the fleet’s regions and clusters with their verdicts, and writes the choice', async () => {
    const user = setupUser();
    const { props, onChange } = fieldProps('auto', { replicas: 3 });
    await renderWithBackend(<FleetPlacementPicker {...props} />);
    await screen.findAllByTestId('auto-pick');
    await user.click(screen.getByLabelText(/Where it runs/));
    const menu = within(screen.getByRole('listbox'));
    expect(menu.getByText('auto: eu-1, eu-2')).toBeInTheDocument();
    expect(menu.getByText('eu-west (3 clusters)')).toBeInTheDocument();
    expect(
      menu.getByText('advised: auto uses eu-1, eu-2 (3 replicas)'),
    ).toBeInTheDocument();
    expect(
      menu.getByText(
        'excluded: us-1: jurisdiction us is not allowed (allowed: eu)',
      ),
    ).toBeInTheDocument();
    expect(
      menu.getByText('alternative: in recommendation 2 (cheapest)'),
    ).toBeInTheDocument();
    await user.click(menu.getByText('ap-1 (ap-south)'));
    expect(onChange).toHaveBeenCalledWith('cluster:ap-1');
  });

  it('shows the verdict of a picked cluster the advice excludes', async () => {
    const { props } = fieldProps('cluster:us-1', { replicas: 3 });
    await renderWithBackend(<FleetPlacementPicker {...props} />);
    const advice = screen.getByTestId('placement-advice');
    expect(
      await within(advice).findByText(
        'excluded: jurisdiction us is not allowed (allowed: eu)',
      ),
    ).toBeInTheDocument();
  });

  it('still advises auto when the fleet’s options cannot be read', async () => {
    server.use(
      http.get(`${baseUrl}/placement/options`, () =>
        HttpResponse.json(
          { error: { name: 'NotFoundError', message: 'no such route' } },
          { status: 404 },
        ),
      ),
    );
    const { props } = fieldProps(undefined, { replicas: 3 });
    await renderWithBackend(<FleetPlacementPicker {...props} />);
    expect(
      await screen.findByText(/Regions and clusters unavailable/),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('auto-pick')).toHaveLength(2);
  });

  it('keeps the last advice, marked busy, until the changed requirements have theirs', async () => {
    let answerSecond = () => {};
    server.use(
      http.post(`${baseUrl}/placement/recommend`, async ({ request }) => {
        posted.push(await request.json());
        if (posted.length > 1) {
          await new Promise<void>(resolve => (answerSecond = resolve));
        }
        return HttpResponse.json(pickerAdvice);
      }),
    );
    const { props } = fieldProps(undefined, {});
    function Form() {
      const [siblings, setSiblings] = useState({ replicas: 3 });
      return (
        <>
          <button onClick={() => setSiblings({ replicas: 5 })}>more</button>
          <FleetPlacementPicker
            {...props}
            formContext={{ formData: siblings }}
          />
        </>
      );
    }
    const user = setupUser();
    await renderWithBackend(<Form />);
    await screen.findAllByTestId('auto-pick');
    const note = screen.getByTestId('placement-advice');
    expect(note).toHaveAttribute('aria-busy', 'false');

    await user.click(screen.getByRole('button', { name: 'more' }));
    expect(note).toHaveAttribute('aria-busy', 'true');
    await advanceClock(400);
    await settleUntil(() => posted.length === 2, 'asked again');
    expect(screen.getAllByTestId('auto-pick')).toHaveLength(2);
    expect(note).toHaveTextContent('Updating for the changed requirements');

    answerSecond();
    await settleUntil(
      () => note.getAttribute('aria-busy') === 'false',
      'updated',
    );
    expect(posted.map(p => (p as { replicas: number }).replicas)).toEqual([
      3, 5,
    ]);
    expect(note).not.toHaveTextContent('Updating');
  });
});
