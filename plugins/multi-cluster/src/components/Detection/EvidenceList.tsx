import { Typography } from '@material-ui/core';
import { formatTime } from '../common/formatTime';

/** One observation, as detection and the fleet's health both record them. */
export interface EvidenceItem {
  cluster?: string;
  source: string;
  status: string;
  reason?: string;
  since?: string;
}

/** "prod-eu-1 · karmada: unhealthy (Ready=False: unreachable) since …". */
export function evidenceText(evidence: EvidenceItem): string {
  const where = evidence.cluster ? `${evidence.cluster} · ` : '';
  const why = evidence.reason ? ` (${evidence.reason})` : '';
  const since = evidence.since ? ` since ${formatTime(evidence.since)}` : '';
  return `${where}${evidence.source}: ${evidence.status}${why}${since}`;
}

/** The observations a verdict or a decision rests on, one a line. */
export function EvidenceList(props: { evidence: EvidenceItem[] }) {
  if (props.evidence.length === 0) return <>-</>;
  return (
    <>
      {props.evidence.map((evidence, index) => (
        <Typography key={index} variant="caption" display="block">
          {evidenceText(evidence)}
        </Typography>
      ))}
    </>
  );
}
