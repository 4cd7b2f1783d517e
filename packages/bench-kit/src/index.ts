export {
  isSmokeRun,
  NotMeasuredError,
  requireMeasured,
  runBench,
  sized,
} from './guard';
export { measure, measurePaired, median, printTable } from './measure';
