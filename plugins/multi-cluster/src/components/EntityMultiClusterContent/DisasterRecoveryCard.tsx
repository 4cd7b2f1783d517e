import { InfoCard } from '@backstage/core-components';
import { Typography } from '@material-ui/core';
import {
  DR_STRATEGIES,
  formatDuration,
  type EntityDrStatus,
  type RecoveryHistory,
  type ServiceDrSpec,
} from '@flotilla/plugin-multi-cluster-common';
import { LastDrills, PostureFindings } from './DrPosture';
import { RecoveryHistoryChart } from './RecoveryHistoryChart';

/** The declared strategy, its RTO and RPO targets, and primary and standby. */
function DeclaredStrategy(props: { spec: ServiceDrSpec }) {
  const { spec } = props;
  const strategy = DR_STRATEGIES[spec.strategy];
  return (
    <>
      <Typography variant="h6">{strategy.title}</Typography>
      <Typography variant="body2" paragraph>
        {strategy.description}
      </Typography>
      <Typography variant="body2">
        RTO target:{' '}
        {spec.rtoSeconds !== undefined
          ? formatDuration(spec.rtoSeconds)
          : 'not set'}
        {' · '}RPO target:{' '}
        {spec.rpoSeconds !== undefined
          ? formatDuration(spec.rpoSeconds)
          : 'not set'}
      </Typography>
      {spec.primaryCluster && (
        <Typography variant="body2">
          Primary {spec.primaryCluster}
          {spec.standbyCluster ? `, standby ${spec.standbyCluster}` : ''}
        </Typography>
      )}
    </>
  );
}

/**
 * The service's DR strategy as declared, its posture findings, its last
 * drills and the RTO/RPO its runs and drills achieved over time.
 */
export function DisasterRecoveryCard(props: {
  spec?: ServiceDrSpec;
  dr: { value?: EntityDrStatus; loading: boolean; error?: Error };
  history?: { value?: RecoveryHistory; error?: Error };
}) {
  const { spec, dr, history } = props;
  return (
    <InfoCard title="Disaster recovery">
      {spec && DR_STRATEGIES[spec.strategy] ? (
        <>
          <DeclaredStrategy spec={spec} />
          <PostureFindings
            findings={dr.value?.findings ?? []}
            loading={dr.loading}
            error={dr.error}
          />
          <LastDrills drills={(dr.value?.drills ?? []).slice(0, 3)} />
          <RecoveryHistoryChart
            history={history?.value}
            error={history?.error}
          />
        </>
      ) : (
        <Typography>
          No DR strategy declared (flotilla.io/dr-strategy).
        </Typography>
      )}
    </InfoCard>
  );
}
