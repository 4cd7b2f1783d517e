import Alert from '@material-ui/lab/Alert';

/**
 * A refused request (4xx: requirements the backend cannot take) reads as
 * such, with the backend's message; anything else as advice unavailable.
 */
export function AdviceError(props: { error: Error & { statusCode?: number } }) {
  const { error } = props;
  const refused =
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500;
  return (
    <Alert
      severity={refused ? 'warning' : 'error'}
      data-testid="placement-advice-error"
    >
      {refused
        ? `The backend refused these requirements: ${error.message}`
        : `Placement advice unavailable: ${error.message}`}
    </Alert>
  );
}
