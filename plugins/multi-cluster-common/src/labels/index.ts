/** Kubernetes label selectors as list and watch requests carry them. */
export { compileLabelSelectorQuery } from './selectorQuery';
