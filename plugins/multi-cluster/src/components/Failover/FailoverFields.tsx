import { Box, TextField } from '@material-ui/core';
import { ClusterSelect } from './ClusterSelect';
import { AUTO_TARGET, type FailoverForm } from './useFailoverForm';

/** Source and target clusters, the reason, and whether to force. */
export function FailoverFields(props: {
  form: FailoverForm;
  sources: string[];
  targets: string[];
}) {
  const { form } = props;
  const { from, to, reason, force } = form.choices;
  return (
    <>
      <Box display="flex" style={{ gap: 16 }} mb={2}>
        <ClusterSelect
          id="failover-from"
          label="From cluster"
          value={from}
          clusters={props.sources}
          onChange={form.chooseFrom}
        />
        <ClusterSelect
          id="failover-to"
          label="To cluster"
          value={to}
          first={{ value: AUTO_TARGET, label: 'Let Flotilla choose' }}
          clusters={props.targets.filter(name => name !== from)}
          onChange={form.chooseTo}
        />
      </Box>
      <TextField
        id="failover-reason"
        label="Reason (required)"
        fullWidth
        variant="outlined"
        size="small"
        value={reason}
        onChange={e => form.setReason(e.target.value)}
        helperText="Recorded with the run and sent to the service's owners."
      />
      <Box mt={1}>
        <label>
          <input
            type="checkbox"
            checked={force}
            onChange={e => form.chooseForce(e.target.checked)}
          />{' '}
          Force (the source cluster still reports healthy)
        </label>
      </Box>
    </>
  );
}
