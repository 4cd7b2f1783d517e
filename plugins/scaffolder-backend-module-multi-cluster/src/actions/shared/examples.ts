import yaml from 'yaml';

/** The step of an example template, without its input. */
export interface ExampleStep {
  id: string;
  action: string;
  name: string;
}

/** The YAML of an example template made of `step` given `input`. */
export function oneStepExample(
  step: ExampleStep,
  input: Record<string, unknown>,
): string {
  return yaml.stringify({ steps: [{ ...step, input }] });
}
