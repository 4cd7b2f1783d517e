// The runbook's GitOps pause and resume (issue 34): see ../../README.md.
export { gitopsPause } from './pause';
export { gitopsResume } from './resume';
