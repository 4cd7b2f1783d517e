export { WhatIfView } from './WhatIfView';
