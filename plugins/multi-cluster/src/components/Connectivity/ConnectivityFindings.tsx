import { Box, Chip, Typography } from '@material-ui/core';
import Alert from '@material-ui/lab/Alert';
import AlertTitle from '@material-ui/lab/AlertTitle';
import type { ConnectivityFinding } from '@flotilla/plugin-multi-cluster-common';

const SEVERITY_ORDER: ConnectivityFinding['severity'][] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
];

const SEVERITY_TO_ALERT: Record<
  ConnectivityFinding['severity'],
  'error' | 'warning' | 'info'
> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'info',
  info: 'info',
};

/** An overlap silently misroutes traffic, so it leads and is filled in. */
function rank(finding: ConnectivityFinding): number {
  const severity = SEVERITY_ORDER.indexOf(finding.severity);
  return (finding.id === 'cidr-overlap' ? -10 : 0) + Math.max(0, severity);
}

/** Fabric findings, most urgent first; CIDR overlaps stand out. */
export function ConnectivityFindings(props: {
  findings: ConnectivityFinding[];
}) {
  if (props.findings.length === 0) {
    return (
      <Alert severity="success">
        No connectivity findings: gateways are up, peers connected and no
        cluster set has overlapping CIDRs without Globalnet.
      </Alert>
    );
  }
  const findings = [...props.findings].sort((a, b) => rank(a) - rank(b));
  return (
    <>
      {findings.map((finding, index) => {
        const overlap = finding.id === 'cidr-overlap';
        return (
          <Box mb={1} key={`${finding.id}-${index}`}>
            <Alert
              severity={SEVERITY_TO_ALERT[finding.severity] ?? 'info'}
              variant={overlap ? 'filled' : 'standard'}
              data-testid={`finding-${finding.id}`}
            >
              <AlertTitle>
                {overlap && 'CIDR overlap: '}
                {finding.title}
              </AlertTitle>
              <Box mb={0.5}>
                <Chip size="small" label={finding.severity} />{' '}
                {finding.clusterSet && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`set ${finding.clusterSet}`}
                  />
                )}
              </Box>
              <Typography variant="body2">{finding.detail}</Typography>
              <Typography variant="body2">
                Clusters: {finding.clusters.join(', ') || '-'}
              </Typography>
              {overlap && (
                <Typography variant="body2">
                  Pods and services in these clusters cannot tell each other's
                  addresses apart: renumber one cluster or enable Submariner
                  Globalnet for the set.
                </Typography>
              )}
            </Alert>
          </Box>
        );
      })}
    </>
  );
}
