import {
  Link,
  ResponseErrorPanel,
  Table,
  type TableColumn,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { Box, Typography } from '@material-ui/core';
import type { RegionFailover } from '@flotilla/plugin-multi-cluster-common';
import { regionFailoverRouteRef } from '../../routes';
import { formatTime } from '../common/formatTime';
import { countsText, KIND_TITLE } from './stormStatus';
import { useRegionFailovers } from './useRegionFailovers';

function columns(
  link: (params: { id: string }) => string,
): TableColumn<RegionFailover>[] {
  return [
    {
      title: 'Started',
      render: s => (
        <Link to={link({ id: s.id })}>{formatTime(s.createdAt)}</Link>
      ),
    },
    { title: 'Kind', render: s => KIND_TITLE[s.kind] },
    { title: 'Status', field: 'status' },
    { title: 'Clusters', render: s => s.lostClusters.join(', ') },
    { title: 'Services', render: s => countsText(s.counts) },
    { title: 'By', field: 'actor' },
    { title: 'Reason', field: 'reason' },
  ];
}

/** The latest region failovers and failbacks, each linking to its progress. */
export function RegionFailoverList() {
  const link = useRouteRef(regionFailoverRouteRef);
  const list = useRegionFailovers();
  if (list.error) return <ResponseErrorPanel error={list.error} />;
  const storms = (list.value?.items ?? []).map(s => ({ ...s }));
  return (
    <Table
      title="Region failovers and failbacks"
      options={{ search: false, paging: false, padding: 'dense' }}
      columns={columns(link)}
      data={storms}
      isLoading={list.loading && !list.value}
      emptyContent={
        <Box p={2}>
          <Typography>
            No region failover yet. Start one from the Region loss tab, after
            its what-if.
          </Typography>
        </Box>
      }
    />
  );
}
