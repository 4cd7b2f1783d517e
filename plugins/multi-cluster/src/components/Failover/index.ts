export { FailoverPanel } from './FailoverPanel';
