import {
  ApiBlueprint,
  PageBlueprint,
  createFrontendPlugin,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/frontend-plugin-api';
import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';
import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import CloudQueueIcon from '@material-ui/icons/CloudQueue';
import { MultiClusterClient, multiClusterApiRef } from './api';
import { isKubernetesCluster, isMultiClusterAvailable } from './conditions';
import {
  fleetRouteRef,
  regionFailoverRouteRef,
  regionFailoversRouteRef,
  regionLossRouteRef,
} from './routes';

const multiClusterApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: multiClusterApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: deps => new MultiClusterClient(deps),
    }),
});

const fleetPage = PageBlueprint.make({
  params: {
    path: '/fleet',
    title: 'Fleet',
    icon: <CloudQueueIcon fontSize="inherit" />,
    routeRef: convertLegacyRouteRef(fleetRouteRef),
    noHeader: true,
    loader: () => import('./components/FleetPage').then(m => <m.FleetPage />),
  },
});

const entityMultiClusterContent = EntityContentBlueprint.make({
  name: 'multi-cluster',
  params: {
    path: '/multi-cluster',
    title: 'Multi-cluster',
    group: 'deployment',
    filter: isMultiClusterAvailable,
    loader: () =>
      import('./components/EntityMultiClusterContent').then(m => (
        <m.EntityMultiClusterContent />
      )),
  },
});

const entityClusterContent = EntityContentBlueprint.make({
  name: 'cluster',
  params: {
    path: '/cluster',
    title: 'Cluster',
    filter: isKubernetesCluster,
    loader: () =>
      import('./components/EntityClusterContent').then(m => (
        <m.EntityClusterContent />
      )),
  },
});

// Scaffolder form fields attach to the scaffolder plugin's form-fields API,
// so installing this plugin is enough for templates to use them.
const fleetPlacementPickerField = FormFieldBlueprint.make({
  name: 'fleet-placement-picker',
  params: {
    field: () =>
      import('./components/FleetPlacementPicker/formFields').then(
        m => m.fleetPlacementPickerFormField,
      ),
  },
});

const fleetFacetPickerField = FormFieldBlueprint.make({
  name: 'fleet-facet-picker',
  params: {
    field: () =>
      import('./components/FleetPlacementPicker/formFields').then(
        m => m.fleetFacetPickerFormField,
      ),
  },
});

/**
 * Flotilla for the new frontend system.
 *
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'multi-cluster',
  info: { packageJson: () => import('../package.json') },
  routes: {
    fleet: convertLegacyRouteRef(fleetRouteRef),
    regionLoss: convertLegacyRouteRef(regionLossRouteRef),
    regionFailovers: convertLegacyRouteRef(regionFailoversRouteRef),
    regionFailover: convertLegacyRouteRef(regionFailoverRouteRef),
  },
  extensions: [
    multiClusterApi,
    fleetPage,
    entityMultiClusterContent,
    entityClusterContent,
    fleetPlacementPickerField,
    fleetFacetPickerField,
  ],
});
