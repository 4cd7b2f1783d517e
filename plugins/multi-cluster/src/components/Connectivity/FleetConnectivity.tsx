import { useState } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { useApi } from '@backstage/core-plugin-api';
import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { Box, Tab, Tabs } from '@material-ui/core';
import { multiClusterApiRef } from '../../api';
import { AddonCoverageMatrix } from './AddonCoverageMatrix';
import { BorrowedCapacity } from './BorrowedCapacity';
import { ClusterSets } from './ClusterSets';
import { ConnectivityFindings } from './ConnectivityFindings';
import type { ClusterEntityRefs } from './VirtualNodesTable';

type View = 'sets' | 'findings' | 'borrowed' | 'addons';

/**
 * The layers under placement, fleet-wide: cluster sets and their fabrics,
 * fabric findings, capacity borrowed through virtual nodes, add-on coverage.
 * The add-on report loads on its own, so one failing leaves the other usable.
 */
export function FleetConnectivity(props: { clusterRefs?: ClusterEntityRefs }) {
  const api = useApi(multiClusterApiRef);
  const connectivity = useAsync(() => api.getConnectivity(), [api]);
  const addons = useAsync(() => api.getAddonCoverage(), [api]);
  const [view, setView] = useState<View>('sets');

  const findings = connectivity.value?.findings ?? [];
  const overlap = findings.some(f => f.id === 'cidr-overlap');
  const attention =
    addons.value?.addons.filter(a =>
      a.clusters.some(c => c.state === 'drifted' || c.state === 'missing'),
    ).length ?? 0;

  const connectivityBody = (render: () => JSX.Element) => {
    if (connectivity.loading) return <Progress />;
    if (connectivity.error) {
      return <ResponseErrorPanel error={connectivity.error} />;
    }
    return connectivity.value ? render() : null;
  };

  return (
    <div data-testid="fleet-connectivity">
      <InfoCard title="Connectivity and add-ons" noPadding>
        <Tabs
          value={view}
          onChange={(_, value: View) => setView(value)}
          indicatorColor="primary"
          variant="scrollable"
          scrollButtons="auto"
          aria-label="Connectivity views"
        >
          <Tab value="sets" label="Cluster sets" />
          <Tab
            value="findings"
            label={`Findings${
              connectivity.value ? ` (${findings.length})` : ''
            }${overlap ? ' · CIDR overlap' : ''}`}
          />
          <Tab value="borrowed" label="Borrowed capacity" />
          <Tab
            value="addons"
            label={`Add-on coverage${
              attention > 0 ? ` (${attention} need attention)` : ''
            }`}
          />
        </Tabs>
        <Box p={2}>
          {view === 'sets' &&
            connectivityBody(() => (
              <ClusterSets report={connectivity.value!} />
            ))}
          {view === 'findings' &&
            connectivityBody(() => (
              <ConnectivityFindings findings={findings} />
            ))}
          {view === 'borrowed' &&
            connectivityBody(() => (
              <BorrowedCapacity
                report={connectivity.value!}
                clusterRefs={props.clusterRefs}
              />
            ))}
          {view === 'addons' && (
            <>
              {addons.loading && <Progress />}
              {addons.error && <ResponseErrorPanel error={addons.error} />}
              {addons.value && <AddonCoverageMatrix report={addons.value} />}
            </>
          )}
        </Box>
      </InfoCard>
    </div>
  );
}
