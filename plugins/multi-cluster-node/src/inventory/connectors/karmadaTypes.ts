// Karmada's object types live with its API module; still exported here.
export type * from '../../kubernetes/apis/karmadaTypes';
