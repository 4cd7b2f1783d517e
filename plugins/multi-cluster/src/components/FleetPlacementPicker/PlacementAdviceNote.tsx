import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import Typography from '@material-ui/core/Typography';
import type { PlacementAdvice } from '@flotilla/plugin-multi-cluster-common';
import { autoPick, nothingFits, TargetVerdict } from './targetAdvice';

/** Excluded clusters listed under `auto`; the rest are counted. */
const SHOWN_EXCLUSIONS = 8;

function AutoAdvice({ advice }: { advice: PlacementAdvice }) {
  const best = advice.recommendations[0];
  const shown = advice.excluded.slice(0, SHOWN_EXCLUSIONS);
  return (
    <>
      {best ? (
        <Typography variant="body2" component="div">
          auto places the workload on{' '}
          {autoPick(advice).map(target => (
            <Chip
              key={target.name}
              size="small"
              data-testid="auto-pick"
              data-cluster={target.name}
              label={`${target.name} × ${target.replicas}`}
              style={{ marginRight: 4 }}
            />
          ))}{' '}
          ({best.strategy}, score {best.score.total})
        </Typography>
      ) : (
        <Typography variant="body2" color="error">
          {nothingFits(advice)}
        </Typography>
      )}
      {shown.length > 0 && (
        <Typography variant="caption" component="div" color="textSecondary">
          Excluded:{' '}
          {shown.map(e => `${e.cluster} (${e.reasons.join('; ')})`).join(', ')}
          {advice.excluded.length > shown.length &&
            ` and ${advice.excluded.length - shown.length} more`}
        </Typography>
      )}
    </>
  );
}

/**
 * The advice next to the picked value: for `auto` the clusters it would
 * pick and why others are left out, for a region or cluster its verdict.
 * While the requirements change the last advice stays, marked busy, so the
 * note does not flicker on every keystroke.
 */
export function PlacementAdviceNote(props: {
  value: string;
  updating: boolean;
  error?: Error;
  problem?: string;
  advice?: PlacementAdvice;
  verdict?: TargetVerdict;
}) {
  const { value, updating, error, problem, advice, verdict } = props;
  let body: JSX.Element;
  if (problem) {
    body = <Typography variant="body2">No advice yet: {problem}</Typography>;
  } else if (error) {
    body = (
      <Typography variant="body2" color="error">
        Advice unavailable: {error.message}
      </Typography>
    );
  } else if (!advice) {
    body = <Typography variant="body2">Asking the fleet…</Typography>;
  } else if (value === 'auto') {
    body = <AutoAdvice advice={advice} />;
  } else {
    body = (
      <Typography
        variant="body2"
        color={verdict?.status === 'excluded' ? 'error' : 'textPrimary'}
      >
        {verdict
          ? `${verdict.status}: ${verdict.detail}`
          : 'no advice for it: the fleet does not list it'}
      </Typography>
    );
  }
  return (
    <Box mt={1} data-testid="placement-advice" aria-busy={updating}>
      {body}
      {updating && advice && !problem && !error && (
        <Typography variant="caption" color="textSecondary">
          Updating for the changed requirements…
        </Typography>
      )}
    </Box>
  );
}
